import { translate, useI18n, type Messages } from '../../lib/i18n';
import { enWingo } from '../../lib/messages/en-wingo';

/**
 * Wingo's own dictionary (lib/messages/en-wingo.ts), kept out of the `/` bundle (decision 120).
 * Same typing as `t()`: a key's `{name}` placeholders must be passed.
 */
export type WingoMessageKey = keyof typeof enWingo;
type Names<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Names<Rest> : never;
type Args<K extends WingoMessageKey> = [Names<(typeof enWingo)[K]>] extends [never] ? [] : [params: Record<Names<(typeof enWingo)[K]>, string | number>];
export type WingoTranslate = <K extends WingoMessageKey>(key: K, ...params: Args<K>) => string;

/** Translates a Wingo key; interpolation is the app's `translate`. Only English exists today. */
export const wt: WingoTranslate = (key, ...params) =>
  translate(enWingo as unknown as Messages, key as unknown as keyof Messages, params[0] as Record<string, string | number> | undefined);

/** The app's `t` plus Wingo's `wt`. */
export function useWingoI18n() {
  const { t } = useI18n();
  return { t, wt };
}
