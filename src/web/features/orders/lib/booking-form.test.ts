import { describe, expect, it } from 'vitest';
import type { ProductCard } from '#contract/entities';
import { bookingMessages, newOrderSchema } from '#contract/orders';
import { bookingFormSchema, toNewOrder } from './booking-form';

const product: ProductCard = {
  _id: '0b6f7c1e-6d8a-4f3e-9a63-2c1d5e7f9a10',
  product_name: 'Toyota Corolla 2016',
  product_description: 'One owner.',
  product_image: '/uploads/corolla.webp',
  product_images: ['/uploads/corolla.webp'],
  make: 'Toyota',
  model: 'Corolla',
  model_year: 2016,
  mileage_km: 120_000,
  fuel_type: 'Petrol',
  transmission: 'Automatic',
  body_type: 'Sedan',
  color: 'Silver',
  vin: null,
  category_id: '5f1d7c1e-6d8a-4f3e-9a63-2c1d5e7f9a10',
  category_name: 'Cars',
  condition: 'Good',
  resell_price: 12_500,
  original_price: 20_000,
  year_of_used: 4,
  seller_location: 'Dhaka',
  seller_name: 'Avery Lane',
  seller_uid: 'seller-1',
  seller_image: '',
  seller_verified: true,
  seller_type: 'private',
  trader: null,
  seller_verification: { phone: false, identity: false, admin: true, since: null },
  seller_rating: { average: null, count: 0 },
  createAt: '2025-03-05T14:30:00.000Z',
  order_status: false,
  promote: false,
  listing_status: 'active',
  place: null,
};
const user = { uid: 'buyer-1', displayName: 'Sam Buyer', email: 'sam@example.com', photoURL: '' };

describe('the booking form (docs/product.md §5 Booking)', () => {
  it('requires a phone and a meeting location, with the spec’s messages', () => {
    const result = bookingFormSchema.safeParse({ customer_phone: ' ', customer_location: '' });
    // The form shows each field's first message.
    const first = new Map<unknown, string>();
    for (const issue of result.error?.issues ?? []) {
      if (!first.has(issue.path[0])) first.set(issue.path[0], issue.message);
    }
    expect(Object.fromEntries(first)).toEqual({
      customer_phone: bookingMessages.phone,
      customer_location: bookingMessages.meetingLocation,
    });
  });

  it('sends the docs/product.md §7 order body, which the contract accepts', () => {
    const values = bookingFormSchema.parse({
      customer_phone: ' 01712345678 ',
      customer_location: 'Gulshan 2',
    });
    const order = toNewOrder(values, product, user);
    expect(order).toMatchObject({
      customer_info: {
        customer_name: 'Sam Buyer',
        customer_email: 'sam@example.com',
        customer_uid: 'buyer-1',
        customer_phone: '01712345678',
        meeting_location: 'Gulshan 2',
      },
      product_info: { product_id: product._id, product_price: 12_500, product_category: 'Cars' },
      seller_info: { seller_name: 'Avery Lane', seller_uid: 'seller-1' },
      order_status: false,
    });
    expect(newOrderSchema.safeParse(order).success).toBe(true);
  });

  it('adds the viewing time chosen in the viewer’s time zone as an instant, or none', () => {
    const soon = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const day = `${soon.getFullYear()}-${String(soon.getMonth() + 1).padStart(2, '0')}-${String(soon.getDate()).padStart(2, '0')}`;
    const values = bookingFormSchema.parse({
      customer_phone: '01712345678',
      customer_location: 'Gulshan 2',
      viewing_day: day,
      viewing_slot: '15:30',
    });
    const order = toNewOrder(values, product, user);
    expect(order.viewing_at).toBe(new Date(`${day}T15:30:00`).toISOString());
    expect(newOrderSchema.safeParse(order).success).toBe(true);

    const half = bookingFormSchema.safeParse({
      customer_phone: '01712345678',
      customer_location: 'Gulshan 2',
      viewing_day: day,
      viewing_slot: '',
    });
    expect(half.error?.issues[0]?.message).toBe('Choose a day and a time for the viewing');
    const past = bookingFormSchema.safeParse({
      customer_phone: '01712345678',
      customer_location: 'Gulshan 2',
      viewing_day: '2020-01-01',
      viewing_slot: '10:00',
    });
    expect(past.error?.issues[0]?.message).toBe('Choose a time in the future');
  });
});
