/** `017•••••678`: enough for an operator to tell messages apart, not enough to be a phone number. */
export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 3)}${'•'.repeat(phone.length - 6)}${phone.slice(-3)}` : '•••';
}
