// The SMS provider the configuration names (D121): MSG91, which is the sandbox's imitation of
// it outside production; and WhatsApp's Cloud API (D151), imitated the same way. Tests reach an in-process sandbox without a socket.
import type { Config } from '../config';
import { localFetch, type LocalTransport } from '../gateway/transport';
import { createWhatsAppSender } from '../whatsapp/cloudApi';
import { createMsg91Sender } from './msg91';
import type { SmsSender } from './sender';

export function createSmsSender(config: Config, local?: LocalTransport): SmsSender {
  return createMsg91Sender(config.msg91, localFetch(local));
}

/** D151: the WhatsApp Business Cloud API, or the sandbox's imitation of it. */
export function createWhatsAppTextSender(config: Config, local?: LocalTransport): SmsSender {
  return createWhatsAppSender(config.whatsapp, localFetch(local));
}
