// D239: sharing to WhatsApp from the tutor's phone: a 'click to chat' link (wa.me) that opens a
// chat with the payer, the words typed in for the tutor to send. Indian numbers: 91 and the 10
// digits; no phone opens WhatsApp's own contact picker.

/** 'https://wa.me/919876500002?text=…', or 'https://wa.me/?text=…' with no phone. */
export function whatsAppLink(phone: string | null, text: string): string {
  const digits = (phone ?? '').replace(/\D/g, '').slice(-10);
  const to = digits.length === 10 ? `91${digits}` : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}
