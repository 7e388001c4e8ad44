// D239: a WhatsApp link to the payer with the words typed in.
import { describe, expect, it } from 'vitest';
import { whatsAppLink } from '../../src/domain/share';

describe('D239 whatsAppLink', () => {
  it("opens a chat with the payer's Indian number, the text typed in", () => {
    expect(whatsAppLink('9876500002', 'Fee for Aarav: Rs 2,000.00 https://x.in/p/1?a=b')).toBe(
      'https://wa.me/919876500002?text=Fee%20for%20Aarav%3A%20Rs%202%2C000.00%20https%3A%2F%2Fx.in%2Fp%2F1%3Fa%3Db',
    );
  });

  it('writes Hindi as UTF-8, and leaves the contact to WhatsApp without a phone', () => {
    expect(whatsAppLink(null, 'फ़ीस')).toBe(`https://wa.me/?text=${encodeURIComponent('फ़ीस')}`);
    expect(whatsAppLink('12', 'x')).toBe('https://wa.me/?text=x');
  });
});
