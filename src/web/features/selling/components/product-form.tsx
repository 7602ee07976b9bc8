/**
 * The listing form, one component for both pages (docs/features.md, "Listing a car"; decision
 * 0043): `add` (Add A Product, `/user/seller`) and `edit` (Edit Product,
 * `/user/seller/products/{id}/edit`, filled with the listing's values). Fields in the order a car
 * seller thinks: the category (a car category is chosen first when there is one), then for a car
 * the VIN (its decode fills make, model, year, body, fuel and transmission, and the name when
 * empty) and the details with the mileage in the viewer's unit; then the photos (each uploaded as
 * soon as it is chosen, several batches, reorder, cover; on a saved listing `Hide plate`); then
 * the price with the price guidance, place, condition, phone (the verified number, else the
 * seller's last listing's) and a description draft written from the facts.
 *
 * Place and location are one field, `Location`: the town search (decision 0026) fills the spec's
 * `seller_location` with the chosen town's name and sends its `place_id`; a place the gazetteer
 * lacks may be typed as it is (`seller_location` alone; docs/spec-deviations.md).
 *
 * For a car the years of use follow from the model year (shown, not asked) and the original price
 * may be left empty ("not given"); other categories keep every spec field and message.
 *
 * - `add`: the form is kept on this device while it is filled and offered back on the next
 *   visit; submit sends POST /api/products, shows the spec's "Success" / "New Product Added"
 *   dialog, then opens the new listing's page (with its Share action).
 * - `edit`: a sold listing's price cannot change (read-only, saying why; the server refuses it
 *   too); an original price left empty keeps the stored one; submit sends PATCH
 *   /api/product/{id} and opens the listing's page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as apiRoutes from '#contract/route-table';
import type { Category, Product } from '#contract/entities';
import { conditions } from '#contract/limits';
import { descriptionDraft } from '#contract/description-draft';
import type { Place } from '#contract/places';
import { listingMessages } from '#contract/selling';
import type { VinDecode } from '#contract/vehicles';
import { showSuccess } from '#web/components/dialogs';
import { FormField } from '#web/components/form-field';
import { PlaceCombobox } from '#web/components/place-combobox';
import { SubmitButton } from '#web/components/submitting-indicator';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import { placeLabel } from '#web/lib/places';
import { queryKeys } from '#web/lib/query-keys';
import toast from '#web/lib/toast';
import { useUnit } from '#web/lib/units';
import { useCreateProduct } from '../api/create-product';
import { useSellerProducts } from '../api/get-seller-products';
import { useUpdateProduct } from '../api/product-actions';
import {
  categoryRequiredMessage,
  emptyProductForm,
  originalPriceProblem,
  photosRequiredMessage,
  productFormSchema,
  toProductBody,
  toVehicleBody,
  yearsUsedFrom,
  type ProductFormInput,
  type ProductFormValues,
} from '../lib/product-form';
import { AddCategoryDialog } from './add-category-dialog';
import { DepositField } from './deposit-field';
import { PhotoManager } from './photo-manager';
import { VehicleFields, type VehicleInputs } from './vehicle-fields';

/** A dollar amount with cents (the contract checks the range and the two decimals). */
const priceInput = {
  type: 'number',
  inputMode: 'decimal',
  min: '0',
  step: '0.01',
  className: 'input w-full',
} as const;

/** Where the unsent new listing is kept on this device (local storage; `add` only). */
export const listingDraftKey = 'second-gear:listing-draft';

interface StoredDraft {
  values: ProductFormInput;
  photos: string[];
  place: Place | null;
}

function readDraft(): StoredDraft | null {
  try {
    const text = globalThis.localStorage?.getItem(listingDraftKey);
    return text ? (JSON.parse(text) as StoredDraft) : null;
  } catch {
    return null;
  }
}

const asText = (value: string | number | null) => (value === null ? '' : String(value));

/** The edit form's starting values: the listing's own. */
function initialValues(product: Product): ProductFormInput {
  return {
    product_name: product.product_name,
    category_id: product.category_id,
    condition: product.condition,
    resell_price: String(product.resell_price),
    original_price: product.original_price === null ? '' : String(product.original_price),
    year_of_used: String(product.year_of_used),
    seller_location: product.seller_location,
    seller_phone: product.seller_phone,
    product_description: product.product_description,
    make: asText(product.make),
    model: asText(product.model),
    model_year: asText(product.model_year),
    mileage_km: asText(product.mileage_km),
    fuel_type: product.fuel_type ?? '',
    transmission: product.transmission ?? '',
    body_type: asText(product.body_type),
    color: asText(product.color),
    vin: asText(product.vin),
    deposit: product.deposit ? String(product.deposit) : '',
  };
}

export type ProductFormProps = {
  /** The categories to pick from (GET /api/categories), undefined while they load. */
  categories: Category[] | undefined;
  categoriesLoading?: boolean;
} & (
  | { mode: 'add' }
  | {
      mode: 'edit';
      /** The seller's own listing (GET /api/products). */
      product: Product;
    }
);

export function ProductForm(props: ProductFormProps) {
  const { categories, categoriesLoading = false } = props;
  const product = props.mode === 'edit' ? props.product : null;
  const adding = product === null;
  const { user } = useAuth();
  const unit = useUnit();
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  const update = useUpdateProduct();
  const ownProducts = useSellerProducts(user?.uid ?? '');
  const categoryDialog = useRef<HTMLDialogElement>(null);
  /** Where the car stands (decision 0026): a gazetteer place, sent as `place_id`. */
  const [place, setPlace] = useState<Place | null>(product?.place ?? null);
  const [photos, setPhotos] = useState<string[]>(product?.product_images ?? []);
  const [pendingPhotos, setPendingPhotos] = useState(0);
  const [photoError, setPhotoError] = useState<string>();
  /** A kept draft from an earlier visit, offered back until restored or discarded. */
  const [offeredDraft, setOfferedDraft] = useState<StoredDraft | null>(() => {
    if (!adding) return null;
    const draft = readDraft();
    return draft && (draft.photos.length > 0 || draft.values.product_name) ? draft : null;
  });
  /** Bumped to start the photo manager and the location field again from a restored draft. */
  const [round, setRound] = useState(0);
  const [initialPhotos, setInitialPhotos] = useState<string[]>(product?.product_images ?? []);
  const sold = product?.order_status ?? false;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? initialValues(product) : emptyProductForm,
  });

  // The seller's verified phone number prefills the listing's (decision 0044).
  const profile = useQuery({
    queryKey: queryKeys.profile(user?.uid ?? ''),
    queryFn: ({ signal }) => apiCall(apiRoutes.getProfile, { signal }),
    enabled: Boolean(user) && adding,
  });
  const verifiedPhone = profile.data?.phone?.verified ? profile.data.phone.number : null;
  useEffect(() => {
    if (verifiedPhone && getValues('seller_phone') === '') setValue('seller_phone', verifiedPhone);
  }, [verifiedPhone, getValues, setValue]);

  const categoryId = useWatch({ control, name: 'category_id' });
  const modelYear = useWatch({ control, name: 'model_year' });
  const holdsVehicles =
    categories?.find((category) => category._id === categoryId)?.holds_vehicles ?? false;

  // A car category is chosen first (the common case); the seller may pick another.
  useEffect(() => {
    if (!categories || getValues('category_id')) return;
    const car = categories.find((category) => category.holds_vehicles);
    if (car) setValue('category_id', car._id);
  }, [categories, getValues, setValue]);

  // The phone of the seller's last listing.
  const lastPhone = adding ? ownProducts.data?.[0]?.seller_phone : undefined;
  useEffect(() => {
    if (lastPhone && !getValues('seller_phone')) setValue('seller_phone', lastPhone);
  }, [lastPhone, getValues, setValue]);

  // A car's years of use follow from its model year.
  const derivedYears = holdsVehicles ? yearsUsedFrom(modelYear) : null;
  useEffect(() => {
    if (derivedYears !== null) {
      setValue('year_of_used', String(derivedYears), { shouldValidate: true });
    }
  }, [derivedYears, setValue]);

  // The new listing's draft kept on this device: offered back once, then kept up to date.
  const watched = useWatch({ control });
  useEffect(() => {
    if (!adding || offeredDraft) return; // Not overwritten before the seller decides.
    const timer = setTimeout(() => {
      try {
        const values = getValues();
        const empty = !values.product_name && photos.length === 0 && !values.vin;
        if (empty) globalThis.localStorage?.removeItem(listingDraftKey);
        else {
          const draft: StoredDraft = { values, photos, place };
          globalThis.localStorage?.setItem(listingDraftKey, JSON.stringify(draft));
        }
      } catch {
        // Storage full or refused: the form still works without it.
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [adding, watched, photos, place, offeredDraft, getValues]);

  const restoreDraft = () => {
    if (!offeredDraft) return;
    reset({ ...emptyProductForm, ...offeredDraft.values });
    setPlace(offeredDraft.place);
    setInitialPhotos(offeredDraft.photos);
    setPhotos(offeredDraft.photos);
    setRound((current) => current + 1);
    setOfferedDraft(null);
  };
  const discardDraft = () => {
    globalThis.localStorage?.removeItem(listingDraftKey);
    setOfferedDraft(null);
  };

  const handleDecoded = (decoded: VinDecode) => {
    if (!getValues('product_name').trim()) {
      const name = [decoded.model_year, decoded.make, decoded.model].filter(Boolean).join(' ');
      if (name) setValue('product_name', name, { shouldValidate: true });
    }
  };

  const handleDraft = () => {
    const values = getValues();
    const draft = descriptionDraft(
      {
        make: values.make,
        model: values.model,
        model_year: Number(values.model_year) || null,
        body_type: values.body_type,
        fuel_type: values.fuel_type,
        transmission: values.transmission,
        color: values.color,
        mileage_km: values.mileage_km === '' ? null : Number(values.mileage_km),
        condition: values.condition,
        place: place?.name ?? values.seller_location,
      },
      unit,
    );
    if (draft) setValue('product_description', draft, { shouldValidate: true, shouldDirty: true });
  };

  const handleCategoryCreated = (category: Category) =>
    setValue('category_id', category._id, { shouldValidate: true });

  const handleSave = handleSubmit(async (values) => {
    const category = categories?.find((item) => item._id === values.category_id);
    if (!user || !category) {
      setError('category_id', { message: categoryRequiredMessage });
      return;
    }
    const priceProblem = originalPriceProblem(values.original_price, category.holds_vehicles);
    if (priceProblem) {
      setError('original_price', { message: priceProblem });
      return;
    }
    if (pendingPhotos > 0) {
      toast.error('Wait until every photo is uploaded');
      return;
    }
    if (photos.length === 0) {
      setPhotoError(photosRequiredMessage);
      return;
    }
    try {
      if (!product) {
        const created = await createProduct.mutateAsync({
          ...toProductBody(values, photos, category, user),
          ...(place ? { place_id: place.id } : {}),
        });
        globalThis.localStorage?.removeItem(listingDraftKey);
        await showSuccess('Success', 'New Product Added');
        void navigate(`${paths.listing.href(created)}?listed=1`);
        return;
      }
      await update.mutateAsync({
        productId: product._id,
        body: {
          product_name: values.product_name,
          product_description: values.product_description,
          product_image: photos[0],
          product_images: photos,
          category_id: values.category_id,
          condition: values.condition,
          ...(sold ? {} : { resell_price: values.resell_price }),
          // Left empty on a car: the stored price stays (the API clears nothing here).
          ...(values.original_price === null ? {} : { original_price: values.original_price }),
          year_of_used: values.year_of_used,
          seller_location: values.seller_location,
          seller_phone: values.seller_phone,
          place_id: place?.id ?? null,
          deposit: values.deposit,
          ...toVehicleBody(values, category.holds_vehicles),
        },
      });
      toast.success('Product updated');
      void navigate(paths.listing.href(product._id));
    } catch (error) {
      toast.error(errorText(error));
    }
  });

  return (
    <>
      {offeredDraft && (
        <div role="status" className="alert mb-4 flex flex-wrap alert-info">
          <span>You have an unsent listing on this device.</span>
          <div className="flex gap-2">
            <button type="button" className="btn btn-sm btn-primary" onClick={restoreDraft}>
              Restore it
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={discardDraft}>
              Start again
            </button>
          </div>
        </div>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          // The photos' message shows with the other fields' messages.
          if (photos.length === 0 && pendingPhotos === 0) setPhotoError(photosRequiredMessage);
          void handleSave(event);
        }}
        className="card border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body grid gap-x-6 gap-y-2 p-5 sm:p-8 md:grid-cols-2">
          <Controller
            control={control}
            name="category_id"
            render={({ field }) => (
              <FormField
                label="Category"
                error={errors.category_id?.message}
                hint={
                  <button
                    type="button"
                    className="btn mt-2 w-fit btn-outline btn-sm btn-primary"
                    onClick={() => categoryDialog.current?.showModal()}
                  >
                    Add New Category
                  </button>
                }
              >
                <select className="select w-full" {...field}>
                  <option value="" disabled>
                    {categoriesLoading ? 'Loading categories…' : 'Pick a category'}
                  </option>
                  {categories?.map((category) => (
                    <option key={category._id} value={category._id}>
                      {category.category_name}
                    </option>
                  ))}
                </select>
              </FormField>
            )}
          />
          {holdsVehicles && (
            <VehicleFields
              register={register as unknown as UseFormRegister<VehicleInputs>}
              errors={errors}
              control={control as unknown as Control<VehicleInputs>}
              setValue={setValue as unknown as UseFormSetValue<VehicleInputs>}
              onDecoded={handleDecoded}
            />
          )}
          <div className="md:col-span-2">
            <h2 className="fieldset-legend pb-1">Photos</h2>
            <PhotoManager
              key={round}
              initial={initialPhotos}
              productId={product?._id}
              name={watched.product_name ?? ''}
              onChange={(urls, pending) => {
                setPhotos(urls);
                setPendingPhotos(pending);
                if (urls.length > 0) setPhotoError(undefined);
              }}
            />
            {photoError && (
              <p role="alert" className="text-sm text-error">
                {photoError}
              </p>
            )}
          </div>
          <FormField label="Product Name" error={errors.product_name?.message}>
            <input type="text" className="input w-full" {...register('product_name')} />
          </FormField>
          <FormField
            label="Resell Price"
            error={errors.resell_price?.message}
            hint={sold ? <p className="text-sm">{listingMessages.soldPrice}.</p> : undefined}
          >
            <input {...priceInput} readOnly={sold} {...register('resell_price')} />
          </FormField>
          <FormField
            label={holdsVehicles ? 'Original Price (optional)' : 'Original Price'}
            error={errors.original_price?.message}
          >
            <input {...priceInput} {...register('original_price')} />
          </FormField>
          {derivedYears === null ? (
            <FormField label="Year Of Used" error={errors.year_of_used?.message}>
              <input
                type="number"
                inputMode="numeric"
                min="0"
                step="1"
                className="input w-full"
                {...register('year_of_used')}
              />
            </FormField>
          ) : (
            <p className="self-end pb-3 text-sm" data-testid="years-used">
              Years of use: {derivedYears} (from the model year)
            </p>
          )}
          <Controller
            control={control}
            name="seller_location"
            render={({ field }) => (
              <PlaceCombobox
                key={round}
                label="Location"
                className="fieldset"
                labelClassName="fieldset-legend pb-1"
                inputClassName="input w-full"
                value={place}
                initialText={field.value}
                error={errors.seller_location?.message}
                onTextChange={(text) => {
                  field.onChange(text);
                  // Typed past the chosen town: the text alone is the location now.
                  if (place && text !== placeLabel(place)) setPlace(null);
                }}
                onChange={setPlace}
              />
            )}
          />
          <FormField label="Condition" error={errors.condition?.message}>
            <select className="select w-full" {...register('condition')}>
              {conditions.map((condition) => (
                <option key={condition} value={condition}>
                  {condition}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Phone Number" error={errors.seller_phone?.message}>
            <input
              type="tel"
              autoComplete="tel"
              className="input w-full"
              {...register('seller_phone')}
            />
          </FormField>
          <DepositField registration={register('deposit')} error={errors.deposit?.message} />
          <div className="md:col-span-2">
            <FormField
              label="Product Description"
              error={errors.product_description?.message}
              hint={
                <button
                  type="button"
                  className="btn mt-2 w-fit btn-outline btn-sm"
                  onClick={handleDraft}
                >
                  Write a draft from the details
                </button>
              }
            >
              <textarea rows={4} className="textarea w-full" {...register('product_description')} />
            </FormField>
          </div>
          <div className="pt-2 md:col-span-2">
            {adding ? (
              <SubmitButton submitting={isSubmitting} progressLabel="Adding the product">
                Add Product
              </SubmitButton>
            ) : (
              <SubmitButton submitting={isSubmitting} progressLabel="Saving the product">
                Save Changes
              </SubmitButton>
            )}
          </div>
        </div>
      </form>
      <AddCategoryDialog dialogRef={categoryDialog} onCreated={handleCategoryCreated} />
    </>
  );
}
