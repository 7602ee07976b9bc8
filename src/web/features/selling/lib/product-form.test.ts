import { describe, expect, it } from 'vitest';
import { newProductSchema, productFormMessages } from '#contract/selling';
import { byName } from '../api/create-category';
import { productFormSchema, toProductBody } from './product-form';

const seller = {
  uid: 'seller-1',
  displayName: 'Avery Lane',
  email: 'avery@example.com',
  photoURL: '/uploads/avery.webp',
};
const category = {
  _id: '5f1d7c1e-6d8a-4f3e-9a63-2c1d5e7f9a10',
  category_name: 'Cars',
  holds_vehicles: true,
};

describe('the Add A Product form (docs/product.md §5)', () => {
  it('asks for each number with the spec’s message, then applies the contract’s rule', () => {
    const fields = productFormSchema.shape;
    expect(fields.resell_price.safeParse('').error?.issues[0]?.message).toBe(
      productFormMessages.resellPrice,
    );
    expect(fields.year_of_used.safeParse(' ').error?.issues[0]?.message).toBe(
      productFormMessages.yearOfUsed,
    );
    expect(fields.resell_price.parse('12500.5')).toBe(12_500.5);
    expect(fields.resell_price.safeParse('1.999').success).toBe(false);
    expect(fields.year_of_used.safeParse('2.5').error?.issues[0]?.message).toBe(
      'Year of used must be a whole number',
    );
    // The deposit is whole dollars 0–500; empty is none.
    expect(fields.deposit.parse('')).toBe(0);
    expect(fields.deposit.parse('150')).toBe(150);
    expect(fields.deposit.safeParse('501').error?.issues[0]?.message).toBe(
      'Deposit must be at most $500',
    );
    // Messages outside the spec name their field.
    expect(fields.resell_price.safeParse('0').error?.issues[0]?.message).toBe(
      'Resell price must be greater than 0',
    );
    expect(fields.product_name.safeParse('x'.repeat(500)).error?.issues[0]?.message).toMatch(
      /^Product name must be at most \d+ characters$/,
    );
  });

  it('builds the docs/product.md §3 Product body, capitalised, which the contract accepts', () => {
    const body = toProductBody(
      {
        product_name: 'toyota corolla',
        category_id: category._id,
        condition: 'Good',
        resell_price: 12_500,
        original_price: 20_000,
        year_of_used: 4,
        seller_location: 'dhaka',
        seller_phone: '01712345678',
        product_description: 'one owner.',
        make: 'Toyota',
        model: 'Corolla',
        model_year: 2016,
        mileage_km: null,
        fuel_type: 'Petrol',
        transmission: '',
        body_type: null,
        color: null,
        vin: '2T1C8TN72GD453768',
        deposit: 50,
      },
      ['/uploads/corolla.webp', '/uploads/side.webp'],
      category,
      seller,
    );
    expect(body).toMatchObject({
      product_name: 'Toyota corolla',
      product_description: 'One owner.',
      seller_location: 'Dhaka',
      product_image: '/uploads/corolla.webp',
      product_images: ['/uploads/corolla.webp', '/uploads/side.webp'],
      make: 'Toyota',
      deposit: 50,
      model_year: 2016,
      fuel_type: 'Petrol',
      transmission: null,
      category: 'Cars',
      category_name: 'Cars',
      seller_name: 'Avery Lane',
      seller_email: 'avery@example.com',
      order_status: false,
      promote: false,
    });
    expect(newProductSchema.safeParse(body).success).toBe(true);
  });
});

describe('byName (the order GET /api/categories answers in)', () => {
  it('sorts by name, ignoring case', () => {
    const names = ['bikes', 'Cars', 'apple', 'Boats'].map((category_name, index) => ({
      _id: String(index),
      category_name,
      holds_vehicles: true,
    }));
    expect(names.sort(byName).map((category) => category.category_name)).toEqual([
      'apple',
      'bikes',
      'Boats',
      'Cars',
    ]);
  });
});
