import { describe, expect, it } from 'vitest';
import { LoginInput } from '../accounts/auth.schema.js';
import { ProductListQuery } from '../catalogue/product.schema.js';
import { ContactInput } from '../content/contact.schema.js';
import { PlaceOrderInput } from '../cart-checkout/checkout.schema.js';
import { SupplierInput } from '../catalogue/supplier.schema.js';
import { accountsMessages } from '../accounts/messages.js';
import { phoneField } from '../accounts/user.schema.js';
import { coercedInt, INT_MAX, int, multilineText, phoneNumber, secret, text } from './fields.js';
import { commonMessages } from './messages.js';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('text fields', () => {
  it('refuses a NUL byte, every other C0 control character and DEL on one line', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f']) {
      expect(messagesOf(text().safeParse(`Snow${c}melt`)), JSON.stringify(c)).toEqual([`: ${commonMessages.controlCharacters}`]);
    }
  });

  it('keeps tabs and line breaks in texts of several lines, and refuses the other controls', () => {
    expect(multilineText().parse('Step 1:\tlay the mat\r\nStep 2:\ttest it\n')).toBe('Step 1:\tlay the mat\r\nStep 2:\ttest it');
    for (const c of ['\u0000', '\u000b', '\u000c', '\u001b', '\u007f']) {
      expect(multilineText().safeParse(`Snow${c}melt`).success, JSON.stringify(c)).toBe(false);
    }
  });

  it('trims first, so whitespace pasted around a one-line value is no control character', () => {
    expect(text().parse('\t Northern Heat \n')).toBe('Northern Heat');
  });

  it('accepts what people write: accents, symbols, emoji and non-Latin scripts', () => {
    expect(text().parse('Chauffe-entrée « Mat » 0,6 × 3 m ❄️ 融雪')).toBe('Chauffe-entrée « Mat » 0,6 × 3 m ❄️ 融雪');
  });

  it('refuses half a surrogate pair in every kind of text, and keeps whole pairs', () => {
    // PGlite miscounted the bytes of '…ݢ\ude63訪' and the update of a product description failed with a 500.
    for (const s of ['ݢ\ude63訪', 'mat \uD83D heat', '\uDFFF', 'end\uD800']) {
      for (const field of [text(), multilineText(), secret()]) expect(messagesOf(field.safeParse(s)), JSON.stringify(s)).toEqual([`: ${commonMessages.invalidValue}`]);
    }
    expect(text().parse('Mat 🔥 \uD83D\uDD25')).toBe('Mat 🔥 🔥');
  });

  it('never trims a secret, and refuses control characters in it', () => {
    expect(secret().parse(' Secret123 ')).toBe(' Secret123 ');
    expect(secret().safeParse('Secret\u0000123').success).toBe(false);
  });

  it('names the field in the schemas that use them', () => {
    expect(messagesOf(LoginInput.safeParse({ email: 'a\u0000b@x.com', password: 'Secret123' }))).toEqual([`email: ${commonMessages.controlCharacters}`]);
    expect(messagesOf(ContactInput.safeParse({ name: 'Casey', email: 'casey@example.com', message: 'Hello\u0000' }))).toEqual([
      `message: ${commonMessages.controlCharacters}`,
    ]);
    expect(ContactInput.safeParse({ name: 'Casey', email: 'casey@example.com', message: 'Hello,\n\nDo you ship to Yukon?' }).success).toBe(true);
  });
});

describe('whole numbers', () => {
  it('stop at what a PostgreSQL integer holds', () => {
    expect(int().parse(INT_MAX)).toBe(INT_MAX);
    expect(int().safeParse(INT_MAX + 1).success).toBe(false);
    expect(coercedInt().parse(String(INT_MAX))).toBe(INT_MAX);
    expect(coercedInt().safeParse('2147483648').success).toBe(false);
    expect(int({ max: 2 ** 40 }).safeParse(INT_MAX + 1).success).toBe(false);
  });

  it('give their own message for every failure', () => {
    const quantity = int({ max: 10, message: 'Bad quantity', typeMessage: 'Quantity is required' });
    expect(messagesOf(quantity.safeParse(11))).toEqual([': Bad quantity']);
    expect(messagesOf(quantity.safeParse(1.5))).toEqual([': Bad quantity']);
    expect(messagesOf(quantity.safeParse(-1))).toEqual([': Bad quantity']);
    expect(messagesOf(quantity.safeParse('x'))).toEqual([': Quantity is required']);
  });

  it('bound the price filters to the prices a product can have', () => {
    expect(ProductListQuery.safeParse({ minPrice: '2147483648' }).success).toBe(false);
    expect(ProductListQuery.safeParse({ maxPrice: '100000001' }).success).toBe(false);
    expect(ProductListQuery.parse({ minPrice: '0', maxPrice: '100000000' })).toMatchObject({ minPrice: 0, maxPrice: 100_000_000 });
  });
});

describe('phone numbers', () => {
  const phone = phoneNumber({ required: 'required', digits: 'digits', min: 'min' });

  it('keeps the digits of a number typed with spaces, dashes, dots, brackets or a leading +', () => {
    for (const typed of ['(416) 555-0100', '416.555.0100', '416 555 0100', '416-555-0100', ' 4165550100 ']) {
      expect(phone.parse(typed), typed).toBe('4165550100');
    }
    expect(phone.parse('+1 (416) 555-0100')).toBe('14165550100');
  });

  it('refuses letters and other signs, an empty value, and counts the length in digits', () => {
    expect(messagesOf(phone.safeParse('416-555-CALL'))).toEqual([': digits']);
    expect(messagesOf(phone.safeParse('416/555/0100'))).toEqual([': digits']);
    expect(messagesOf(phone.safeParse('  '))).toEqual([': required']);
    // Nine characters, six digits: too short.
    expect(messagesOf(phone.safeParse('(41) 5-55-5'))).toEqual([': min']);
    expect(phone.parse('555-0100')).toBe('5550100');
    expect(messagesOf(phone.safeParse('1234 5678 9012 3456'))).toEqual([': digits']);
  });

  it('is the rule of every schema with a phone: users, suppliers and orders', () => {
    expect(phoneField().parse('(416) 555-0100')).toBe('4165550100');
    expect(messagesOf(phoneField().safeParse('416 55'))).toEqual([`: ${accountsMessages.phoneMin}`]);
    expect(messagesOf(phoneField().safeParse('four one six'))).toEqual([`: ${accountsMessages.phoneDigits}`]);
    expect(SupplierInput.parse({ name: 'N', contact: 'C', email: 'a@b.co', phone: '416.555.0100' }).phone).toBe('4165550100');
    expect(PlaceOrderInput.shape.phone.parse('(416) 555-0100')).toBe('4165550100');
    expect(PlaceOrderInput.shape.phone.parse(undefined)).toBeUndefined();
  });
});
