import { BORROWER_ERRORS, OTP_RESEND_SECONDS, TRACKING_ACTS, type BatchCommitResult, type CommittedOrder, type InstallmentPlan, type ProductDetail } from '@sen/contract';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { displayDate, formatApr, money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { showToast } from '../../shared/ui/toast.ts';
import { track } from '../../shared/tracking/index.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { AgreementSheet } from './agreement-sheet.tsx';
import { sendSigningCode, useCommitBatch, useCommitOrder, useLoanPage, useProductQuote, type AgreementQuery, type SigningApplication } from './borrow-api.ts';
import { CostSummary, ScheduleTable } from './cost-table.tsx';
import { SignaturePad } from './signature-pad.tsx';
import { SigningCodeStep, type SigningCodeProblem } from './signing-code-step.tsx';
import { ReceivingAccountSheet } from './receiving-account-sheet.tsx';
import { WithdrawAmount } from './withdraw-amount.tsx';
import './borrow.css';

/** Where the borrower ended up: the result pages read this from the navigation state. */
export type BorrowOutcome = { type: 'single'; order: CommittedOrder } | { type: 'batch'; results: BatchCommitResult[] } | { type: 'failed'; message: string };

/** The server's wait before another code, from an OTP_TOO_SOON refusal (else the usual wait). */
function retryAfterSeconds(data: unknown): number {
  const value = (data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? value : OTP_RESEND_SECONDS;
}

/** The OTP refusals a commit with a signing code may answer, as the code step shows them. */
const CODE_PROBLEMS: ReadonlyMap<number, Exclude<SigningCodeProblem, null>> = new Map([
  [BORROWER_ERRORS.OTP_INCORRECT.code, 'incorrect'],
  [BORROWER_ERRORS.OTP_EXPIRED.code, 'expired'],
  [BORROWER_ERRORS.OTP_LOCKED.code, 'locked'],
]);

/** Amounts move in steps a borrower can pick easily. */
export const AMOUNT_STEP = 100_000;

/** The page events the family sends with a commit (API-FAMILY.md §6.2 eventFile), kept in order. */
function useEventLog() {
  const events = useRef<string[]>([]);
  const log = (event: string) => {
    events.current.push(`${Date.now()}|${event}`);
  };
  return { log, text: () => events.current.join('\n') };
}

function planLabel(planNums: number, t: ReturnType<typeof useT>['t']) {
  return planNums === 1 ? t('borrow.plan.single') : t('borrow.plan.instalments', { count: planNums });
}

/** The default plan of a product detail (defaultSign 1), else its first. */
function defaultPlan(detail: ProductDetail): InstallmentPlan | undefined {
  const plans = detail.loanTermConfigDTOList[0]?.productInstallmentPlanDTOList ?? [];
  return plans.find((plan) => plan.defaultSign === 1) ?? plans[0];
}

/** A product's plan in 'borrow from all': the one the borrower picked for it, else its default. */
function batchPlanOf(product: ProductDetail, picked: Record<number, number>): InstallmentPlan | undefined {
  const plans = product.loanTermConfigDTOList[0]?.productInstallmentPlanDTOList ?? [];
  return plans.find((candidate) => candidate.planNums === picked[product.productId]) ?? defaultPlan(product);
}

/** The plan choice of a product offering more than one (one instalment, or several): the product page's and withdraw's. */
function PlanChoice({ plans, chosen, onChoose, titleId, title, testIdPrefix = 'plan-' }: { plans: InstallmentPlan[]; chosen: number; onChoose: (planNums: number) => void; titleId: string; title: string; testIdPrefix?: string }) {
  const { t, language } = useT();
  return (
    <section className="borrow-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="borrow-card__title">
        {title}
      </h2>
      <div className="plan-choice" role="radiogroup" aria-labelledby={titleId}>
        {plans.map((candidate) => (
          <button
            key={candidate.planNums}
            type="button"
            role="radio"
            aria-checked={candidate.planNums === chosen}
            className={`plan-choice__option${candidate.planNums === chosen ? ' is-active' : ''}`}
            onClick={() => onChoose(candidate.planNums)}
            data-testid={`${testIdPrefix}${candidate.planNums}`}
          >
            <span>{planLabel(candidate.planNums, t)}</span>
            <small>{t('borrow.plan.first', { amount: money(candidate.firstRepayment, language) })}</small>
          </button>
        ))}
      </div>
    </section>
  );
}

function MissingProduct() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <section className="result" role="alert" data-testid="product-missing">
      <h1 className="result__title">{t('borrow.missing')}</h1>
      <Button color="primary" shape="rounded" onClick={() => void navigate(paths.root, { replace: true })} data-testid="product-missing-home">
        {t('common.goHome')}
      </Button>
    </section>
  );
}

/**
 * /product/info: the loan application (SPEC.md §2, §4; issue 11). Single: the amount and the
 * plan, the full cost with the APR and the schedule, the receiving account, the agreements to read
 * and accept (and the signature where the product asks), then "Sign and borrow": a code sent by SMS
 * that signs the agreements (decision 112), typed in, and the commit with it. Batch ('borrow from
 * all', `?mode=batch`, the withdraw button): the total to withdraw, chosen within what the products
 * lend together (decision 119), every applicable product with its share and its full cost, the
 * same agreements, one commit.
 * Leaving before submitting asks first, saying how many steps are left before the money is sent.
 */
export function ProductInfoPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const batch = params.get('mode') === 'batch';
  const productId = Number(params.get('productId') ?? 0);
  const requested = Number(params.get('amount') ?? 0);

  /** The amount the borrower picked; null follows the quote (the home's amount, kept within range by the server). */
  const [chosen, setChosen] = useState<number | null>(null);
  const [asked, setAsked] = useState(requested);
  const [planNums, setPlanNums] = useState<number | null>(null);
  /** 'Borrow from all': the plan picked per product (productId → planNums); a product not in it takes its default. */
  const [batchPlans, setBatchPlans] = useState<Record<number, number>>({});
  const [agreed, setAgreed] = useState(false);
  const [signature, setSignature] = useState<Blob | null>(null);
  const [reading, setReading] = useState<AgreementQuery | null>(null);
  const [changingAccount, setChangingAccount] = useState(false);
  /** The code step, once a code was sent for the application with this key (phoneMasked '' when sent earlier). */
  const [signing, setSigning] = useState<{ key: string; phoneMasked: string; resendAfterSeconds: number } | null>(null);
  const [codeProblem, setCodeProblem] = useState<SigningCodeProblem>(null);
  /** Set once the commit answered: the way out is no longer 'leaving the application'. */
  const submitted = useRef(false);
  const commitOrder = useCommitOrder();
  const commitBatch = useCommitBatch();
  const events = useEventLog();

  // The quote follows the amount once the borrower stops moving it.
  useEffect(() => {
    if (chosen === null) return;
    const timer = setTimeout(() => setAsked(chosen), 350);
    return () => clearTimeout(timer);
  }, [chosen]);
  useEffect(() => events.log('view_enter_loan'), []); // eslint-disable-line react-hooks/exhaustive-deps

  const quote = useProductQuote(batch ? 0 : productId, asked);
  /** Withdraw with an amount choice (decision 119): the total asked; null is all the credit available. */
  const [withdrawTotal, setWithdrawTotal] = useState<number | null>(null);
  const loanPage = useLoanPage(batch, withdrawTotal);
  const detail = quote.data;
  const term = detail?.loanTermConfigDTOList[0];
  const plan = useMemo(() => {
    if (!detail) return undefined;
    return term?.productInstallmentPlanDTOList.find((candidate) => candidate.planNums === planNums) ?? defaultPlan(detail);
  }, [detail, term, planNums]);
  const amount = chosen ?? detail?.loanAmount ?? requested;
  const setAmount = (change: (value: number) => number) => setChosen(change(amount));

  const batchProducts = loanPage.data?.showProducts ?? [];
  const needsSignature = batch ? batchProducts.some((product) => product.isSign === 0) : detail?.isSign === 0;
  const ready = batch ? batchProducts.length > 0 : Boolean(detail && plan);
  const stepsLeft = (agreed ? 0 : 1) + (needsSignature && !signature ? 1 : 0) + 1;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => !submitted.current && ready && currentLocation.pathname !== nextLocation.pathname);

  const account = batch ? loanPage.data : detail;
  const accountText = account?.bankNo ?? account?.walletAccount ?? null;
  const payWay: 'CARD' | 'WALLET' = account?.bankInfoId ? 'CARD' : account?.userCashWalletId ? 'WALLET' : 'CARD';
  const accountId = account?.bankInfoId ?? account?.userCashWalletId ?? null;
  /** The version read (single: the quote names it); a batch's agreements are read from the same current version. */
  const agreementVersion = detail?.agreements[0]?.version;
  /** Each batch product's plan as the commit sends it: the one chosen, else the product's default. */
  const batchCommitPlans: Record<number, number> = Object.fromEntries(
    batchProducts.flatMap((product) => {
      const chosen = batchPlanOf(product, batchPlans);
      return chosen ? [[product.productId, chosen.planNums]] : [];
    }),
  );
  /** What the code signs: exactly what the commit sends (the batch: its products, total and plans; one product: its amount and plan). */
  const application: SigningApplication | null = batch
    ? batchProducts.length > 0
      ? { productIds: batchProducts.map((product) => product.productId), amount: batchProducts.reduce((sum, product) => sum + product.loanAmount, 0), plans: batchCommitPlans }
      : null
    : detail && plan
      ? { productIds: [productId], amount: detail.loanAmount, planNums: plan.planNums }
      : null;
  // A batch's plans are part of the application the code signs: another plan asks for a new code, as on one product.
  const applicationKey = application ? JSON.stringify(application) : '';
  // A code signs one application: another amount or plan, or the agreements unticked, asks for a new one.
  const codeStep = signing && agreed && signing.key === applicationKey ? signing : null;

  /** Sends the code for the application; the seconds before another may be asked for, or null when none was sent. */
  const askCode = async (): Promise<number | null> => {
    if (!application) return null;
    events.log('click_send_sign_code');
    try {
      const sent = await sendSigningCode(application);
      setSigning({ key: applicationKey, phoneMasked: sent.phoneMasked, resendAfterSeconds: sent.resendAfterSeconds });
      setCodeProblem(null);
      showToast(t('login.otp.sent'));
      return sent.resendAfterSeconds;
    } catch (error) {
      if (isRequestError(error) && error.code === BORROWER_ERRORS.OTP_TOO_SOON.code) {
        // A code for this application was sent moments ago: it still signs; wait before another.
        const seconds = retryAfterSeconds(error.data);
        setSigning((current) => (current?.key === applicationKey ? current : { key: applicationKey, phoneMasked: '', resendAfterSeconds: seconds }));
        return seconds;
      }
      showToast(isRequestError(error) && error.kind === 'envelope' ? error.message : t('borrow.failed.text'));
      return null;
    }
  };

  const agreementQuery = (document: 'lease' | 'pawn'): AgreementQuery =>
    batch
      ? { document, productIds: batchProducts.map((product) => product.productId), amount: batchProducts.reduce((sum, product) => sum + product.loanAmount, 0) }
      : { document, productIds: [productId], amount: asked, ...(plan ? { planNums: plan.planNums } : {}) };

  const finish = (outcome: BorrowOutcome) => {
    submitted.current = true;
    void navigate(outcome.type === 'failed' ? paths.productFailed : paths.productSucceed, { replace: true, state: outcome });
  };

  const submit = async (signCode: string) => {
    events.log('click_submit_loan');
    setCodeProblem(null);
    const details = { agreementVersion, payWay, accountId, eventLog: events.text(), signature, signCode };
    try {
      if (batch) {
        const ids = batchProducts.map((product) => product.productId);
        const total = batchProducts.reduce((sum, product) => sum + product.loanAmount, 0);
        const results = await commitBatch.mutateAsync({ input: { productIds: ids, planNums: batchCommitPlans, amount: total }, details });
        const made = results.filter((result) => result.pushStatus === 200);
        if (made.length > 0) track(TRACKING_ACTS.loanApply, { type: 'batch', products: made.length });
        finish(made.length === 0 ? { type: 'failed', message: results[0]?.pushMessage || t('borrow.failed.text') } : { type: 'batch', results });
      } else if (detail && plan && term) {
        const order = await commitOrder.mutateAsync({ input: { productId, amount: detail.loanAmount, planNums: plan.planNums, loanTermId: term.id }, details });
        track(TRACKING_ACTS.loanApply, { type: 'single', productId, amount: detail.loanAmount });
        finish({ type: 'single', order });
      }
    } catch (error) {
      if (isRequestError(error) && error.code === BORROWER_ERRORS.AGREEMENT_OUTDATED.code) {
        // The wording changed while the borrower read it: they must read the new one (the mutation reloads it).
        setAgreed(false);
        return;
      }
      const problem = isRequestError(error) && error.code !== null ? CODE_PROBLEMS.get(error.code) : undefined;
      if (problem) {
        // The code was refused: the borrower stays on the code step (a new code when it expired or is used up).
        setCodeProblem(problem);
        return;
      }
      const message = isRequestError(error) && error.kind === 'envelope' ? error.message : t('borrow.failed.text');
      finish({ type: 'failed', message });
    }
  };

  const loading = batch ? loanPage.isPending : quote.isPending;
  // Opened without a product or amount (a bookmark, a shared link): nothing to quote, so say so and lead home.
  const missingProduct = !batch && !(productId > 0 && requested > 0);
  const loadFailure = {
    errorTitle: t('borrow.loadFailed'),
    errorText: (failure: unknown) => (isRequestError(failure) && failure.kind === 'envelope' ? failure.message : t('borrow.loadFailed.text')),
    errorTestId: 'product-info-error',
  };

  return (
    <div className="page">
      <PageHeader title={t('page.productInfo')} />
      <main className="page__content borrow" data-testid="product-info" aria-busy={loading}>
        {batch ? (
          <QueryView
            query={loanPage}
            {...loadFailure}
            isEmpty={(page) => page.showProducts.length === 0}
            empty={
              <section className="result" data-testid="batch-empty">
                <h1 className="result__title">{t('borrow.batch.empty')}</h1>
                <Button color="primary" shape="rounded" onClick={() => navigate(paths.root)}>
                  {t('common.goHome')}
                </Button>
              </section>
            }
          >
            {(page) => (
              <>
                {page.maxApplyAmount > page.minApplyAmount ? (
                  <WithdrawAmount amount={page.canApplyAmount} min={page.minApplyAmount} max={page.maxApplyAmount} step={AMOUNT_STEP} onAmount={setWithdrawTotal} />
                ) : null}
                <BatchSummary products={page.showProducts} total={page.canApplyAmount} plans={batchPlans} />
                {page.showProducts.map((product) => {
                  const plan = batchPlanOf(product, batchPlans);
                  const offered = product.loanTermConfigDTOList[0]?.productInstallmentPlanDTOList ?? [];
                  // The same plan choice and cost breakdown as one product's application, for each product's share.
                  return plan ? (
                    <Fragment key={product.productId}>
                      {offered.length > 1 ? (
                        <PlanChoice
                          plans={offered}
                          chosen={plan.planNums}
                          onChoose={(chosen) => setBatchPlans((current) => ({ ...current, [product.productId]: chosen }))}
                          titleId={`plan-title-${product.productId}`}
                          title={t('withdraw.plan.title', { name: product.productName })}
                          testIdPrefix={`plan-${product.productId}-`}
                        />
                      ) : null}
                      <CostSummary plan={plan} amount={product.loanAmount} title={t('withdraw.cost.title', { name: product.productName })} idSuffix={`-${product.productId}`} />
                    </Fragment>
                  ) : null;
                })}
              </>
            )}
          </QueryView>
        ) : (
          // A quote on screen stays when asking for it again fails (as after an outdated agreement).
          <QueryView query={quote} {...loadFailure} keepDataOnError missing={missingProduct} {...(missingProduct ? { renderError: () => <MissingProduct /> } : {})}>
            {() =>
              detail && plan ? (
                <>
                  <section className="borrow-card borrow-amount" aria-labelledby="amount-title">
                    <p className="borrow-amount__product">
                      {detail.productName} · {t('home.card.term', { days: detail.timeLimit })}
                    </p>
                    <h1 id="amount-title" className="borrow-card__title">
                      {t('borrow.amount.title')}
                    </h1>
                    <div className="borrow-amount__value" data-testid="loan-amount" aria-live="polite">
                      {money(amount, language)}
                    </div>
                    <div className="borrow-amount__controls">
                      <button
                        type="button"
                        className="borrow-amount__step"
                        aria-label={t('borrow.amount.less', { amount: money(AMOUNT_STEP, language) })}
                        disabled={amount - AMOUNT_STEP < detail.minLoanAmount}
                        onClick={() => setAmount((value) => Math.max(detail.minLoanAmount, value - AMOUNT_STEP))}
                        data-testid="amount-less"
                      >
                        −
                      </button>
                      <input
                        type="range"
                        className="borrow-amount__slider"
                        min={detail.minLoanAmount}
                        max={detail.maxLoanAmount}
                        step={AMOUNT_STEP}
                        value={amount}
                        aria-label={t('borrow.amount.title')}
                        aria-valuetext={money(amount, language)}
                        onChange={(event) => setChosen(Number(event.target.value))}
                        data-testid="amount-slider"
                      />
                      <button
                        type="button"
                        className="borrow-amount__step"
                        aria-label={t('borrow.amount.more', { amount: money(AMOUNT_STEP, language) })}
                        disabled={amount + AMOUNT_STEP > detail.maxLoanAmount}
                        onClick={() => setAmount((value) => Math.min(detail.maxLoanAmount, value + AMOUNT_STEP))}
                        data-testid="amount-more"
                      >
                        +
                      </button>
                    </div>
                    <p className="borrow-amount__range">{t('borrow.amount.range', { min: money(detail.minLoanAmount, language), max: money(detail.maxLoanAmount, language) })}</p>
                  </section>

                  {(term?.productInstallmentPlanDTOList.length ?? 0) > 1 ? (
                    <PlanChoice plans={term!.productInstallmentPlanDTOList} chosen={plan.planNums} onChoose={setPlanNums} titleId="plan-title" title={t('borrow.plan.title')} />
                  ) : null}

                  <CostSummary plan={plan} amount={detail.loanAmount} />
                  <ScheduleTable plan={plan} />
                </>
              ) : null
            }
          </QueryView>
        )}

        {ready ? (
          <>
            <section className="borrow-card" aria-labelledby="account-title">
              <h2 id="account-title" className="borrow-card__title">
                {t('borrow.account.title')}
              </h2>
              {accountText ? (
                <p className="borrow-account" data-testid="receiving-account">
                  <span>{accountText}</span>
                  {/* In place (issue 25 item 8): leaving for the accounts page lost the amount and the plan. */}
                  <button type="button" className="link-button" onClick={() => setChangingAccount(true)} data-testid="change-account">
                    {t('borrow.account.change')}
                  </button>
                </p>
              ) : (
                <p className="borrow-account">
                  <button type="button" className="link-button" onClick={() => navigate(paths.authAccountAndContacts)}>
                    {t('borrow.account.add')}
                  </button>
                </p>
              )}
              {(batch ? loanPage.data?.bankErrorFlag : detail?.bankInfoPayOutFailSign) ? (
                <p className="borrow-warning" role="alert">
                  {t('home.bankError.title')}: {t('borrow.account.failed')}
                </p>
              ) : null}
            </section>

            <section className="borrow-card" aria-labelledby="agreement-title">
              <h2 id="agreement-title" className="borrow-card__title">
                {t('borrow.agreement.title')}
              </h2>
              <ul className="agreement-links">
                {(['lease', 'pawn'] as const).map((document) => (
                  <li key={document}>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        events.log('click_open_agreement');
                        setReading(agreementQuery(document));
                      }}
                      data-testid={`open-agreement-${document}`}
                    >
                      {t(document === 'lease' ? 'borrow.agreement.lease' : 'borrow.agreement.pawn')}
                    </button>
                  </li>
                ))}
              </ul>
              <label className="agreement-check">
                <input
                  type="checkbox"
                  checked={agreed}
                  onChange={(event) => {
                    events.log('click_check_agreement');
                    setAgreed(event.target.checked);
                  }}
                  data-testid="agree-checkbox"
                />
                <span>{t('borrow.agreement.accept')}</span>
              </label>
              {needsSignature ? (
                <div className="borrow-sign">
                  <h3 className="borrow-card__subtitle">{t('borrow.sign.title')}</h3>
                  <SignaturePad onChange={setSignature} />
                </div>
              ) : null}
            </section>

            {codeStep ? (
              <SigningCodeStep
                phoneMasked={codeStep.phoneMasked}
                resendAfterSeconds={codeStep.resendAfterSeconds}
                problem={codeProblem}
                busy={commitOrder.isPending || commitBatch.isPending || quote.isFetching}
                onResend={askCode}
                onConfirm={(code) => void submit(code)}
              />
            ) : (
              <div className="borrow-submit">
                <Button
                  block
                  color="primary"
                  shape="rounded"
                  size="large"
                  disabled={!agreed || (needsSignature && !signature) || quote.isFetching}
                  onClick={askCode}
                  data-testid="submit-loan"
                >
                  {t('borrow.submit')}
                </Button>
                {!agreed ? <p className="borrow-submit__hint">{t('borrow.submit.hint')}</p> : null}
              </div>
            )}
          </>
        ) : null}
      </main>

      <AgreementSheet query={reading} onClose={() => setReading(null)} />
      <ReceivingAccountSheet visible={changingAccount} onClose={() => setChangingAccount(false)} />
      <Modal
        visible={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('borrow.exit.title')}
        data-testid="exit-confirm"
        footer={
          <div className="exit-actions">
            <Button block color="primary" shape="rounded" onClick={() => blocker.reset?.()} data-testid="exit-stay">
              {t('borrow.exit.stay')}
            </Button>
            <Button
              block
              fill="none"
              shape="rounded"
              onClick={() => {
                events.log('view_quit_loan');
                blocker.proceed?.();
              }}
              data-testid="exit-leave"
            >
              {t('borrow.exit.leave')}
            </Button>
          </div>
        }
      >
        <p>{t('borrow.exit.text', { count: stepsLeft })}</p>
      </Modal>
    </div>
  );
}

/** 'Borrow from all': each product with the share it lends, and the total. */
function BatchSummary({ products, total, plans }: { products: ProductDetail[]; total: number; plans: Record<number, number> }) {
  const { t, language } = useT();
  return (
    <section className="borrow-card" aria-labelledby="batch-title" data-testid="batch-summary">
      <h1 id="batch-title" className="borrow-card__title">
        {t('borrow.batch.title')}
      </h1>
      <ul className="batch-list">
        {products.map((product) => {
          const plan = batchPlanOf(product, plans);
          return (
            <li key={product.productId} className="batch-list__item" data-testid="batch-product">
              <div>
                <strong>{product.productName}</strong>
                <span>
                  {t('home.card.term', { days: product.timeLimit })}
                  {plan ? ` · ${planLabel(plan.planNums, t)}` : ''}
                </span>
              </div>
              <div className="batch-list__figures">
                <strong>{money(product.loanAmount, language)}</strong>
                {plan ? (
                  <span>
                    {t('borrow.cost.total')}: {money(plan.totalRepayment, language)} · <span className="batch-list__apr">{t('borrow.batch.apr', { apr: formatApr(plan.aprPercent, language) })}</span>
                  </span>
                ) : null}
                {plan ? <span>{t('borrow.batch.firstDue', { date: displayDate(plan.appRepaymentPlanDTOList[0]?.dueDate, '', language) })}</span> : null}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="batch-list__total" data-testid="batch-total">
        <span>{t('borrow.batch.total')}</span>
        <strong>{money(total, language)}</strong>
      </p>
    </section>
  );
}
