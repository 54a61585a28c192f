export interface ContactMessage {
  firstname: string;
  lastname: string;
  number: string;
  email: string;
  message: string;
}

/** The chat link the contact form opens (spec §2: no server call): wa.me with the store's number and the text. */
export function whatsAppLink(storeNumber: string, message: ContactMessage): string {
  const text = [
    `Name: ${message.firstname.trim()} ${message.lastname.trim()}`,
    `Phone: ${message.number}`,
    `Email: ${message.email.trim()}`,
    '',
    message.message.trim(),
  ].join('\n');
  return `https://wa.me/${storeNumber.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

export function hasEmptyField(message: ContactMessage): boolean {
  return Object.values(message).some((value) => !value.trim());
}
