/**
 * The listing form (docs/product.md §5 Add product; docs/features.md, "Listing a car"; decisions
 * 0019, 0043) in its two modes: Add A Product (a car category first, the VIN and its decoding,
 * every validation message of the spec, POST /api/products, the draft kept on this device) and
 * Edit Product (the listing's values, PATCH /api/product/{id}, a sold listing's price fixed).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as apiRoutes from '#contract/route-table';
import { listingMessages, productFormMessages } from '#contract/selling';
import { vehicleTexts } from '#contract/vehicles';
import { answer } from '#web/test-support/api';
import { dialogNamed, settleDialogs } from '#web/test-support/dialogs';
import { fill } from '#web/test-support/forms';
import {
  categories,
  denver,
  ids,
  profile,
  seller,
  sellerProduct,
} from '#web/test-support/fixtures';
import { renderWithProviders, type Rendered } from '#web/test-support/render';
import { listingDraftKey, ProductForm } from './product-form';

/** A VIN of NHTSA's examples, well formed (check digit 2). */
const vin = '1HGCM82633A004352';

/** The vehicle tools' answers: no comparables, no sales. */
function answerVehicleTools() {
  answer(apiRoutes.priceGuidance, { count: 0, low: null, median: null, high: null });
  answer(apiRoutes.timeToSell, { count: 0, median_days: null, p25_days: null, p75_days: null });
}

/** Add A Product for the fixtures' seller, who has no listing yet and no verified phone. */
function renderAdd(): Rendered {
  answer(apiRoutes.getProfile, profile());
  answer(apiRoutes.listOwnProducts, []);
  answerVehicleTools();
  return renderWithProviders(<ProductForm mode="add" categories={categories} />, {
    user: seller,
  });
}

/** The edit form of `product`, the seller's own listing. */
function renderEdit(product = sellerProduct()): Rendered {
  answer(apiRoutes.listOwnProducts, [product]);
  answerVehicleTools();
  return renderWithProviders(
    <ProductForm mode="edit" product={product} categories={categories} />,
    {
      user: seller,
    },
  );
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const form = () =>
  screen.getByRole('button', { name: /^(Add Product|Save Changes)$/ }).closest('form')!;
const formAlerts = () =>
  within(form())
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);

/** Uploads one small PNG through Add photos; POST /api/images answers `url`. */
async function addPhoto(user: Rendered['user'], url = '/uploads/photo-1.webp') {
  const uploads = answer(apiRoutes.uploadImage, { data: { url } }, { status: 201 });
  const png = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'car.png', {
    type: 'image/png',
  });
  await user.upload(screen.getByLabelText('Add photos'), png);
  await waitFor(() => expect(uploads.calls).toHaveLength(1));
  await waitFor(() =>
    expect(screen.queryByRole('progressbar', { name: /^Uploading photo/ })).not.toBeInTheDocument(),
  );
}

describe('ProductForm, Add A Product', () => {
  it('starts with a car category: the VIN and the vehicle details, years of use from the model year', async () => {
    const { user } = renderAdd();
    expect(field('Category')).toHaveDisplayValue('Cars');
    expect(screen.getByRole('group', { name: 'Vehicle details (optional)' })).toBeVisible();
    expect(field('VIN')).toBeVisible();
    expect(field('Original Price (optional)')).toBeVisible();
    expect(field('Year Of Used')).toBeVisible();
    await fill(user, field('Model year'), '2016');
    expect(screen.queryByLabelText('Year Of Used')).not.toBeInTheDocument();
    expect(screen.getByTestId('years-used')).toHaveTextContent(
      `Years of use: ${new Date().getFullYear() - 2016} (from the model year)`,
    );
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('shows every validation message of docs/product.md §5 and sends nothing', async () => {
    const creates = answer(apiRoutes.createProduct, {
      acknowledged: true,
      insertedId: ids.listing,
    });
    const { user } = renderAdd();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    // A car's original price may be left empty (docs/spec-deviations.md).
    await waitFor(() =>
      expect(formAlerts()).toEqual([
        productFormMessages.image,
        productFormMessages.productName,
        productFormMessages.resellPrice,
        productFormMessages.yearOfUsed,
        productFormMessages.location,
        productFormMessages.phone,
        productFormMessages.description,
      ]),
    );
    expect(field('Product Name')).toHaveAttribute('aria-invalid', 'true');

    // docs/product.md §5/§9: the phone needs at least 11 characters.
    await fill(user, field('Phone Number'), '0171234567');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(productFormMessages.phoneMin)).toBeVisible();
    expect(formAlerts()).not.toContain(productFormMessages.phone);
    await fill(user, field('Phone Number'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(formAlerts()).not.toContain(productFormMessages.phoneMin));
    expect(creates.calls).toEqual([]);
  });

  it('asks a part (no vehicle category) for its original price and its years of use', async () => {
    const creates = answer(apiRoutes.createProduct, {
      acknowledged: true,
      insertedId: ids.listing,
    });
    const { user } = renderAdd();
    await user.selectOptions(field('Category'), 'Parts');
    expect(
      screen.queryByRole('group', { name: 'Vehicle details (optional)' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByLabelText('VIN')).not.toBeInTheDocument();
    await addPhoto(user);
    await fill(user, field('Product Name'), 'roof box');
    await fill(user, field('Resell Price'), '120');
    await fill(user, field('Year Of Used'), '2');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Denver');
    await fill(user, field('Phone Number'), '+1 303 555 0142');
    await fill(user, field('Product Description'), 'Fits most roof bars.');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(formAlerts()).toEqual([productFormMessages.originalPrice]));
    expect(creates.calls).toEqual([]);
  });

  it('asks for a category name in the Add New Category dialog, and Cancel closes it', async () => {
    const created = answer(apiRoutes.createCategory, {
      acknowledged: true,
      insertedId: ids.category,
    });
    const { user } = renderAdd();
    await user.click(screen.getByRole('button', { name: 'Add New Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Category' });
    expect(dialog).toHaveAttribute('open');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Category name is required');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(created.calls).toEqual([]);
  });

  it('offers Decode VIN only for a well-formed VIN, and fills the details and the name from it', async () => {
    const decodes = answer(apiRoutes.decodeVin, {
      vin,
      valid: true,
      make: 'Honda',
      model: 'Accord',
      model_year: 2003,
      body_type: 'Sedan',
      fuel_type: 'Petrol',
      transmission: 'Automatic',
      errors: [],
    });
    const { user } = renderAdd();
    const decode = screen.getByRole('button', { name: vehicleTexts.decodeVin });
    expect(decode).toBeDisabled();
    await user.type(field('VIN'), vin.slice(0, 16));
    expect(decode).toBeDisabled();
    // I, O and Q are never part of a VIN.
    await user.type(field('VIN'), 'O');
    expect(decode).toBeDisabled();
    await user.clear(field('VIN'));
    // Typed in lower case: a VIN is read in capitals.
    await user.type(field('VIN'), vin.toLowerCase());
    expect(decode).toBeEnabled();
    await user.click(decode);
    expect(await screen.findByTestId('vin-filled')).toHaveTextContent(
      `${vehicleTexts.decoded}: make, model, model year, body type, fuel, transmission.`,
    );
    expect(decodes.calls.map((call) => call.params.vin)).toEqual([vin]);
    expect(field('Make')).toHaveValue('Honda');
    expect(field('Model')).toHaveValue('Accord');
    expect(field('Model year')).toHaveValue(2003);
    expect(field('Fuel')).toHaveValue('Petrol');
    expect(field('Transmission')).toHaveValue('Automatic');
    expect(field('Product Name')).toHaveValue('2003 Honda Accord');
  });

  it("shows the decoder's warnings, and refuses an ill-formed VIN on submit", async () => {
    answer(apiRoutes.decodeVin, {
      vin,
      valid: false,
      make: null,
      model: null,
      model_year: null,
      body_type: null,
      fuel_type: null,
      transmission: null,
      errors: [vehicleTexts.notDecoded],
    });
    const { user } = renderAdd();
    await user.type(field('VIN'), vin);
    await user.click(screen.getByRole('button', { name: vehicleTexts.decodeVin }));
    expect(await screen.findByText(vehicleTexts.notDecoded)).toBeVisible();
    expect(screen.queryByTestId('vin-filled')).not.toBeInTheDocument();

    await user.clear(field('VIN'));
    await user.type(field('VIN'), 'SHORTVIN');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(listingMessages.vin)).toBeVisible();
    expect(field('VIN')).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds the listing with POST /api/products, says "New Product Added" and opens it', async () => {
    answer(apiRoutes.places, [denver]);
    const creates = answer(
      apiRoutes.createProduct,
      { acknowledged: true, insertedId: ids.listing },
      { status: 201 },
    );
    const { user } = renderAdd();
    await addPhoto(user);
    await fill(user, field('Product Name'), 'subaru Outback 2016');
    await fill(user, field('Model year'), '2016');
    // The mileage is typed in the viewer's unit (miles in en-US) and sent in kilometres.
    await fill(user, field('Mileage (mi)'), '50000');
    await fill(user, field('Resell Price'), '8400.50');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'denv');
    await user.click(await screen.findByRole('option', { name: /^Denver\b/ }));
    await fill(user, field('Phone Number'), '+1 303 555 0142');
    await fill(user, field('Product Description'), 'one careful owner.');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const done = await dialogNamed('Success');
    expect(done).toHaveTextContent('New Product Added');
    expect(creates.calls).toHaveLength(1);
    expect(creates.calls[0]?.body).toMatchObject({
      product_name: 'Subaru Outback 2016',
      product_description: 'One careful owner.',
      product_image: '/uploads/photo-1.webp',
      product_images: ['/uploads/photo-1.webp'],
      category_id: ids.category,
      category_name: 'Cars',
      condition: 'Fair',
      resell_price: 8400.5,
      original_price: null,
      year_of_used: new Date().getFullYear() - 2016,
      model_year: 2016,
      mileage_km: 80_467,
      vin: null,
      seller_location: 'Denver, Colorado',
      seller_phone: '+1 303 555 0142',
      place_id: denver.id,
      deposit: 0,
    });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await settleDialogs();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/listing/${ids.listing}?listed=1`),
    );
  });

  it('keeps an unsent listing on this device and offers it back', async () => {
    const first = renderAdd();
    await fill(first.user, field('Product Name'), 'Half-typed Outback');
    await first.user.type(field('VIN'), vin);
    // Kept 300 ms after the last change: wait for the draft that holds both.
    await waitFor(() => {
      const kept = localStorage.getItem(listingDraftKey) ?? '';
      expect(kept).toContain('Half-typed Outback');
      expect(kept).toContain(vin);
    });
    first.unmount();

    const { user } = renderAdd();
    // The draft is read after the form mounts (the server's render has none).
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You have an unsent listing on this device.',
    );
    expect(field('Product Name')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Restore it' }));
    expect(field('Product Name')).toHaveValue('Half-typed Outback');
    expect(field('VIN')).toHaveValue(vin);
    expect(
      screen.queryByText('You have an unsent listing on this device.'),
    ).not.toBeInTheDocument();
  });
});

describe('ProductForm, Edit Product', () => {
  it("starts from the listing's values and saves them with PATCH /api/product/{id}", async () => {
    const updates = answer(apiRoutes.updateProduct, { modifiedCount: 1 });
    const { user } = renderEdit();
    expect(
      screen.queryByText('You have an unsent listing on this device.'),
    ).not.toBeInTheDocument();
    expect(field('Product Name')).toHaveValue('Subaru Outback 2016');
    expect(field('Resell Price')).toHaveValue(8400);
    expect(field('Original Price (optional)')).toHaveValue(21000);
    expect(field('VIN')).toHaveValue(vin);
    expect(field('Make')).toHaveValue('Subaru');
    // 120,000 km in an en-US viewer's miles.
    expect(field('Mileage (mi)')).toHaveValue(74565);
    expect(field('Phone Number')).toHaveValue('+1 303 555 0142');
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Denver');
    expect(screen.getByRole('list', { name: 'Photos' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add Product' })).not.toBeInTheDocument();

    await fill(user, field('Resell Price'), '7900');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(updates.calls.map((call) => [call.params.id, call.body])).toEqual([
      [
        ids.listing,
        expect.objectContaining({
          product_name: 'Subaru Outback 2016',
          resell_price: 7900,
          original_price: 21000,
          product_images: ['/uploads/outback.jpg'],
          vin,
          mileage_km: 120_000,
          place_id: denver.id,
        }),
      ],
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/listing/${ids.listing}`),
    );
  });

  it("keeps a sold listing's price, saying why", async () => {
    const updates = answer(apiRoutes.updateProduct, { modifiedCount: 1 });
    const { user } = renderEdit(sellerProduct({ order_status: true, listing_status: 'sold' }));
    expect(field('Resell Price')).toHaveAttribute('readonly');
    expect(screen.getByText(`${listingMessages.soldPrice}.`)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(updates.calls).toHaveLength(1));
    expect(updates.calls[0]?.body).not.toHaveProperty('resell_price');
  });
});
