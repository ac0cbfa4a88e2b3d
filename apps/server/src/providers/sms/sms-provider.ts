/** Sends one text message. Rejects when the message could not be handed to the carrier. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}

export class SmsSendError extends Error {
  override name = 'SmsSendError';
}
