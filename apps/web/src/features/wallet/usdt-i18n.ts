import { translate, useI18n, type Messages } from '../../lib/i18n';
import { enUsdt } from '../../lib/messages/en-usdt';

/**
 * The USDT recharge's own dictionary (lib/messages/en-usdt.ts), kept out of the `/` bundle
 * (decision 135), with the same typing as `t()`: a key's `{name}` placeholders must be passed.
 */
export type UsdtMessageKey = keyof typeof enUsdt;
type Names<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Names<Rest> : never;
type Args<K extends UsdtMessageKey> = [Names<(typeof enUsdt)[K]>] extends [never] ? [] : [params: Record<Names<(typeof enUsdt)[K]>, string | number>];
export type UsdtTranslate = <K extends UsdtMessageKey>(key: K, ...params: Args<K>) => string;
/** A USDT key whose message has no `{name}` placeholders, for tables of labels. */
export type PlainUsdtKey = { [K in UsdtMessageKey]: [Names<(typeof enUsdt)[K]>] extends [never] ? K : never }[UsdtMessageKey];

/** Translates a USDT key; interpolation is the app's `translate`. Only English exists today. */
export const ut: UsdtTranslate = (key, ...params) =>
  translate(enUsdt as unknown as Messages, key as unknown as keyof Messages, params[0] as Record<string, string | number> | undefined);

/** The app's `t` plus the USDT screens' `ut`. */
export function useUsdtI18n() {
  const { t } = useI18n();
  return { t, ut };
}
