import { SmsSendError, type SmsProvider } from './sms-provider.ts';

export interface EsmsOptions {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  brandname: string;
  timeoutMs: number;
}

/** eSMS.vn answers CodeResult '100' when it accepted the message. */
const ESMS_ACCEPTED = '100';
/** SmsType 2: customer-care message sent under a registered brand name. */
const ESMS_SMS_TYPE_BRANDNAME = '2';

/**
 * eSMS.vn HTTP API adapter (SendMultipleMessage_V4_post_json). Any HTTP failure, timeout or
 * CodeResult other than 100 is an SmsSendError; the caller answers SMS_UNAVAILABLE.
 */
export class EsmsProvider implements SmsProvider {
  readonly name = 'esms';

  constructor(private readonly options: EsmsOptions) {}

  async send(phone: string, text: string): Promise<void> {
    const url = `${this.options.baseUrl}/MainService.svc/json/SendMultipleMessage_V4_post_json/`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ApiKey: this.options.apiKey,
          SecretKey: this.options.secretKey,
          Phone: phone,
          Content: text,
          Brandname: this.options.brandname,
          SmsType: ESMS_SMS_TYPE_BRANDNAME,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new SmsSendError(`eSMS request failed: ${(error as Error).name}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SmsSendError(`eSMS answered HTTP ${response.status}`);
    }
    let result: { CodeResult?: unknown; ErrorMessage?: unknown };
    try {
      result = (await response.json()) as typeof result;
    } catch {
      throw new SmsSendError('eSMS answered with a body that is not JSON');
    }
    if (String(result.CodeResult) !== ESMS_ACCEPTED) {
      throw new SmsSendError(`eSMS refused the message: CodeResult ${String(result.CodeResult)}`);
    }
  }
}
