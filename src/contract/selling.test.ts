import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './limits.js';
import {
  capitalizeFirst,
  newCategorySchema,
  newProductSchema,
  productFormMessages,
} from './selling.js';

describe('capitalizeFirst (docs/product.md §5: name, description and location start with a capital)', () => {
  it('capitalises the first letter and trims', () => {
    expect(capitalizeFirst('  toyota corolla ')).toBe('Toyota corolla');
    expect(capitalizeFirst('élan')).toBe('Élan');
    expect(capitalizeFirst('Already')).toBe('Already');
    expect(capitalizeFirst('')).toBe('');
  });
});

describe('the product form rules (docs/product.md §5 messages, word for word)', () => {
  const rules = newProductSchema.shape;

  it('asks for a phone of at least 11 characters', () => {
    expect(rules.seller_phone.safeParse('').error?.issues[0]?.message).toBe(
      productFormMessages.phone,
    );
    expect(rules.seller_phone.safeParse('0171234').error?.issues[0]?.message).toBe(
      productFormMessages.phoneMin,
    );
    expect(rules.seller_phone.safeParse('01712345678').success).toBe(true);
  });

  it('takes prices with at most two decimals, above 0', () => {
    expect(rules.resell_price.safeParse(12_345.5).success).toBe(true);
    expect(rules.resell_price.safeParse(0.29).success).toBe(true);
    expect(rules.resell_price.safeParse(1.005).success).toBe(false);
    expect(rules.resell_price.safeParse(0).success).toBe(false);
  });

  it('requires a category name', () => {
    expect(newCategorySchema.safeParse({ category_name: '  ' }).error?.issues[0]?.message).toBe(
      'Category name is required',
    );
  });
});

describe('imageFileProblem', () => {
  it('accepts an image within the limit and names the problem otherwise', () => {
    expect(imageFileProblem({ name: 'car.jpg', type: 'image/jpeg', size: 1000 }, 'Photo')).toBe(
      undefined,
    );
    expect(
      imageFileProblem({ name: 'notes.pdf', type: 'application/pdf', size: 1000 }, 'Photo'),
    ).toMatch(
      /^Photo must be an image \(JPEG, PNG, WebP, GIF or AVIF, at most 5 MB\); notes\.pdf is not$/,
    );
    expect(
      imageFileProblem({ name: 'big.png', type: 'image/png', size: 6 * 1024 * 1024 }, 'Photo'),
    ).toBe('Photo must be at most 5 MB; big.png is 6.0 MB');
  });
});
