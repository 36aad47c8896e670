/** `98******10`: enough to recognise one's own number, not enough to harvest it. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 2)}******${phone.slice(-2)}`;
}
