import type { MessageKey } from './i18n';
import { en } from './messages/en';

/**
 * Adds the English texts of a lazily loaded area to the app's dictionary (decision 160). Its own
 * module, imported only by those areas' chunks, so `/` carries none of it: the texts join `en`
 * itself, where `translate` already looks. A second locale would add its area dictionaries to
 * its own dictionary the same way when it loads.
 */
export function registerMessages(messages: Partial<Record<MessageKey, string>>): void {
  Object.assign(en, messages);
}
