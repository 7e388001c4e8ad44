// How the server sends text messages (OTP delivery). The dev provider keeps them in a local
// outbox; a real provider implements the same interface and is chosen by SMS_PROVIDER.
export interface SmsMessage {
  /** 10-digit Indian mobile number, no country code. */
  phone: string;
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** '9876543210' -> '98XXXXXX10': enough for a person to recognise their number. */
export function maskPhone(phone: string, mask = 'X'): string {
  return phone.length > 4
    ? `${phone.slice(0, 2)}${mask.repeat(phone.length - 4)}${phone.slice(-2)}`
    : phone;
}
