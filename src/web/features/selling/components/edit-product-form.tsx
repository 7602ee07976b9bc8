/**
 * The edit page's form: every field of Add A Product, filled with the listing's
 * values, the photo manager instead of the file input, and the vehicle details for a vehicle
 * category. A sold listing's price cannot change (the input is read-only and says why; the
 * server refuses it too). Saving sends PATCH /api/product/{id} and then opens the listing page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import toast from '#web/lib/toast';
import { z } from 'zod';
import type { Category, Product } from '#contract/entities';
import { conditions } from '#contract/limits';
import { listingMessages, productFormMessages } from '#contract/selling';
import { FormField } from '#web/components/form-field';
import { PlaceCombobox } from '#web/components/place-combobox';
import { placeLabel } from '#web/lib/places';
import type { Place } from '#contract/places';
import { SubmitButton } from '#web/components/submitting-indicator';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import { useUpdateProduct } from '../api/product-actions';
import {
  categoryRequiredMessage,
  originalPriceProblem,
  productFormSchema,
  toVehicleBody,
} from '../lib/product-form';
import { DepositField } from './deposit-field';
import { PhotoManager } from './photo-manager';
import { VehicleFields, type VehicleInputs } from './vehicle-fields';

const editFormSchema = productFormSchema;
type EditFormInput = z.input<typeof editFormSchema>;
type EditFormValues = z.output<typeof editFormSchema>;

const priceInput = {
  type: 'number',
  inputMode: 'decimal',
  min: '0',
  step: '0.01',
  className: 'input w-full',
} as const;

const asText = (value: string | number | null) => (value === null ? '' : String(value));

/** The form's starting values: the listing's own. */
function initialValues(product: Product): EditFormInput {
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

export interface EditProductFormProps {
  product: Product;
  categories: Category[] | undefined;
}

export function EditProductForm({ product, categories }: EditProductFormProps) {
  const navigate = useNavigate();
  const update = useUpdateProduct();
  const [photos, setPhotos] = useState(product.product_images);
  const [pendingPhotos, setPendingPhotos] = useState(0);
  /** Where the car stands (decision 0026): a gazetteer place, sent as `place_id`. */
  const [place, setPlace] = useState<Place | null>(product.place);
  const sold = product.order_status;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<EditFormInput, unknown, EditFormValues>({
    resolver: zodResolver(editFormSchema),
    defaultValues: initialValues(product),
  });
  const categoryId = useWatch({ control, name: 'category_id' });
  const holdsVehicles =
    categories?.find((category) => category._id === categoryId)?.holds_vehicles ?? false;

  const handleSave = handleSubmit(async (values) => {
    const category = categories?.find((item) => item._id === values.category_id);
    if (!category) {
      setError('category_id', { message: categoryRequiredMessage });
      return;
    }
    const priceProblem = originalPriceProblem(values.original_price, category.holds_vehicles);
    if (priceProblem) {
      setError('original_price', { message: priceProblem });
      return;
    }
    if (pendingPhotos > 0 || photos.length === 0) {
      toast.error(
        pendingPhotos > 0 ? 'Wait until every photo is uploaded' : productFormMessages.image,
      );
      return;
    }
    try {
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
    <form
      noValidate
      onSubmit={(event) => void handleSave(event)}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body grid gap-x-6 gap-y-2 p-5 sm:p-8 md:grid-cols-2">
        <div className="md:col-span-2">
          <h2 className="mb-2 font-semibold">Photos</h2>
          <PhotoManager
            initial={product.product_images}
            productId={product._id}
            name={product.product_name}
            onChange={(urls, pending) => {
              setPhotos(urls);
              setPendingPhotos(pending);
            }}
          />
        </div>
        <FormField label="Product Name" error={errors.product_name?.message}>
          <input type="text" className="input w-full" {...register('product_name')} />
        </FormField>
        <Controller
          control={control}
          name="category_id"
          render={({ field }) => (
            <FormField label="Category" error={errors.category_id?.message}>
              <select className="select w-full" {...field}>
                {categories?.map((category) => (
                  <option key={category._id} value={category._id}>
                    {category.category_name}
                  </option>
                ))}
              </select>
            </FormField>
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
        <DepositField registration={register('deposit')} error={errors.deposit?.message} />
        <PlaceCombobox
          label="Place"
          value={place}
          onChange={(chosen) => {
            setPlace(chosen);
            if (chosen && !getValues('seller_location')?.trim()) {
              setValue('seller_location', placeLabel(chosen), { shouldValidate: true });
            }
          }}
        />
        <FormField label="Location" error={errors.seller_location?.message}>
          <input type="text" className="input w-full" {...register('seller_location')} />
        </FormField>
        <FormField label="Phone Number" error={errors.seller_phone?.message}>
          <input type="tel" className="input w-full" {...register('seller_phone')} />
        </FormField>
        {holdsVehicles && (
          <VehicleFields
            register={register as unknown as UseFormRegister<VehicleInputs>}
            errors={errors}
            control={control as unknown as Control<VehicleInputs>}
            setValue={setValue as unknown as UseFormSetValue<VehicleInputs>}
          />
        )}
        <div className="md:col-span-2">
          <FormField label="Product Description" error={errors.product_description?.message}>
            <textarea rows={4} className="textarea w-full" {...register('product_description')} />
          </FormField>
        </div>
        <div className="pt-2 md:col-span-2">
          <SubmitButton submitting={isSubmitting} progressLabel="Saving the product">
            Save Changes
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
