import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { expectAccessible, freshPhone, readOtp, useLanguage, waitForApp } from './support.ts';

/*
 * Receiving accounts and emergency contacts (issue 9): a new borrower binds a bank account with two
 * contacts, adds a second card, makes it the default and unbinds the first; a mismatched card number
 * shows 'BankNo does not match'. Axe on every screen.
 */

async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const phone = freshPhone();
  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('get-otp-button').click();
  await page.getByTestId('otp-input').fill(await readOtp(request, phone));
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/login\/create-password$/);
  return phone;
}

async function pickBank(page: Page, search: string, code: string) {
  await page.getByTestId('bank-field').click();
  await expect(page.getByTestId('bank-picker')).toBeVisible();
  await page.getByTestId('bank-search').locator('input').fill(search);
  await page.getByTestId(`bank-option-${code}`).click();
  await expect(page.getByTestId('bank-picker')).toBeHidden();
}

/** Opens an antd-mobile Picker from its field, confirms the option shown first and checks the field shows it. */
async function pickFirst(page: Page, fieldTestId: string, label: string) {
  await page.getByTestId(fieldTestId).click();
  const confirm = page.locator('.adm-picker-header-button').last();
  await expect(confirm).toBeVisible();
  await page.waitForTimeout(300);
  await confirm.click();
  await expect(page.getByTestId(fieldTestId)).toContainText(label);
  await expect(page.locator('.adm-picker')).toHaveCount(0);
}

test.describe('receiving accounts', () => {
  test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

  test('bind an account with contacts, add a second card, make it default, unbind the first', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/authentication/account-and-contacts');
    await waitForApp(page);
    await expect(page.getByTestId('account-and-contacts-form')).toBeVisible();
    await expectAccessible(page, 'account-and-contacts');

    // Everything empty: every field says what it needs.
    await page.getByTestId('account-and-contacts-submit').click();
    await expect(page.locator('#bank-id-error')).toHaveText('Please select');
    await expect(page.locator('#account-user-error')).toHaveText('Please input');
    await expect(page.locator('#contact-1-relationship-error')).toHaveText('Please select');
    await expect(page.locator('#contact-2-phone-error')).toHaveText('Please check Phone Number');
    await expectAccessible(page, 'account-and-contacts with errors');

    await pickBank(page, 'ngoai thuong', 'VCB');
    await expect(page.getByTestId('bank-field')).toContainText('Vietcombank');
    await page.getByTestId('holder-input').fill('NGUYEN VAN AN');
    await page.getByTestId('bank-no-input').fill('0011001234567');
    await page.getByTestId('confirm-bank-no-input').fill('0011001234568');
    await pickFirst(page, 'contact-1-relationship', 'Family member');
    await page.getByTestId('contact-1-name').fill('Nguyễn Thị Bình');
    await page.getByTestId('contact-1-phone').fill('0387654321');
    await pickFirst(page, 'contact-2-relationship', 'Family member');
    await page.getByTestId('contact-2-name').fill('Trần Văn Cường');
    await page.getByTestId('contact-2-phone').fill('0387654321');
    await page.getByTestId('account-and-contacts-submit').click();
    await expect(page.locator('#confirm-bank-no-error')).toHaveText('BankNo does not match');
    await expect(page.locator('#contact-2-phone-error')).toHaveText('The two emergency contacts must have different phone numbers');

    await page.getByTestId('confirm-bank-no-input').fill('0011001234567');
    await page.getByTestId('contact-2-phone').fill('0705123456');
    await page.getByTestId('account-and-contacts-submit').click();
    await expect(page).not.toHaveURL(/account-and-contacts/);

    // What was saved, masked.
    await page.goto('/authentication/info/account-and-contacts');
    await waitForApp(page);
    await expect(page.getByTestId('info-contact-2')).toContainText('0705123456');
    await expect(page.getByTestId('account-and-contacts-info-page')).toContainText('*********4567');
    await expect(page.getByTestId('account-and-contacts-info-page')).not.toContainText('0011001234567');
    await expectAccessible(page, 'info account-and-contacts');

    await page.goto('/mine/accounts-receivable');
    await waitForApp(page);
    const cards = page.locator('.account-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Vietcombank');
    await expect(cards.first().getByTestId('default-badge')).toBeVisible();
    await expectAccessible(page, 'accounts-receivable');

    // A second card.
    await page.getByTestId('add-account').click();
    await expect(page).toHaveURL(/\/authentication\/account$/);
    await expect(page.getByTestId('make-default')).not.toBeChecked();
    await pickBank(page, 'TCB', 'TCB');
    await page.getByTestId('holder-input').fill('NGUYEN VAN AN');
    await page.getByTestId('bank-no-input').fill('19036677889900');
    await page.getByTestId('confirm-bank-no-input').fill('19036677889900');
    await expectAccessible(page, 'add account');
    await page.getByTestId('account-submit').click();
    await expect(page).toHaveURL(/\/mine\/accounts-receivable$/);
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Vietcombank');

    // Make it the default: it moves first with the badge.
    const techcombank = cards.filter({ hasText: 'Techcombank' });
    await techcombank.getByRole('button', { name: 'Set as default' }).click();
    await expect(cards.first()).toContainText('Techcombank');
    await expect(cards.first().getByTestId('default-badge')).toBeVisible();

    // Unbind the first card, after confirming.
    const vietcombank = cards.filter({ hasText: 'Vietcombank' });
    await vietcombank.getByRole('button', { name: 'Unbind' }).click();
    await expect(page.getByTestId('unbind-dialog')).toBeVisible();
    await expectAccessible(page, 'unbind dialog');
    await page.getByTestId('unbind-confirm').click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Techcombank');
    await expect(cards.first()).toContainText('**********9900');

    // The only account left is the default: unbinding it is refused with the server's reason.
    await cards.first().getByRole('button', { name: 'Unbind' }).click();
    await page.getByTestId('unbind-confirm').click();
    await expect(page.getByText('This is your only receiving account', { exact: false })).toBeVisible();
    await expect(cards).toHaveCount(1);
  });

  test('the empty list offers to add an account; an e-wallet added first becomes the default', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/mine/accounts-receivable');
    await waitForApp(page);
    await expect(page.getByTestId('accounts-empty')).toBeVisible();
    await expectAccessible(page, 'accounts-receivable empty');

    await page.getByTestId('add-account').click();
    await page.getByTestId('pay-way-wallet').click();
    await pickFirst(page, 'wallet-field', 'MoMo');
    await page.getByTestId('wallet-account-input').fill('0901234567');
    await page.getByTestId('confirm-wallet-account-input').fill('0901234568');
    await page.getByTestId('account-submit').click();
    await expect(page.locator('#confirm-account-code-error')).toHaveText('Account does not match');
    await expectAccessible(page, 'add wallet with errors');
    await page.getByTestId('confirm-wallet-account-input').fill('0901234567');
    await page.getByTestId('account-submit').click();
    await expect(page).toHaveURL(/\/mine\/accounts-receivable$/);
    const cards = page.locator('.account-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('MoMo');
    await expect(cards.first()).toContainText('******4567');
    await expect(cards.first().getByTestId('default-badge')).toBeVisible();
  });
});
