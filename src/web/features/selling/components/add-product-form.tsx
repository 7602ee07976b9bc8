/**
 * The Add A Product form (spec §2 Seller dashboard, §5 Add product, §8): every field of the spec
 * with its exact validation messages, condition defaulting to Fair, and a button opening the
 * add-category dialog (a category added there is selected at once). Several photos at
 * once (previews; the first chosen is the cover) and, for a vehicle category, the optional
 * vehicle details. On submit: upload each photo (POST /api/images), save the product (POST /api/products) with name, description and location
 * capitalised, then the dialog "Success" / "New Product Added" and an empty form. A progress
 * indicator replaces the submit button meanwhile; a failure toasts the server's message.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import toast from '#web/lib/toast';
import type { Category } from '#contract/entities';
import { acceptedImageTypes, imageInputHint, conditions } from '#contract/limits';
import { showSuccess } from '#web/components/dialogs';
import { FormField } from '#web/components/form-field';
import { PlaceCombobox } from '#web/components/place-combobox';
import { placeLabel } from '#web/lib/places';
import type { Place } from '#contract/places';
import { SubmitButton } from '#web/components/submitting-indicator';
import { useAuth } from '#web/lib/auth/auth-context';
import { errorText } from '#web/lib/error-text';
import { uploadImage } from '#web/lib/upload-image';
import { useCreateProduct } from '../api/create-product';
import {
  categoryRequiredMessage,
  emptyProductForm,
  productFormSchema,
  toProductBody,
  type ProductFormInput,
  type ProductFormValues,
} from '../lib/product-form';
import { AddCategoryDialog } from './add-category-dialog';
import { VehicleFields, type VehicleInputs } from './vehicle-fields';
import { DepositField } from './deposit-field';

/** A dollar amount with cents (the contract checks the range and the two decimals). */
const priceInput = {
  type: 'number',
  inputMode: 'decimal',
  min: '0',
  step: '0.01',
  className: 'input w-full',
} as const;

export interface AddProductFormProps {
  /** The categories to pick from (GET /api/categories), undefined while they load. */
  categories: Category[] | undefined;
  categoriesLoading: boolean;
}

export function AddProductForm({ categories, categoriesLoading }: AddProductFormProps) {
  const { user } = useAuth();
  const createProduct = useCreateProduct();
  const categoryDialog = useRef<HTMLDialogElement>(null);
  /** Where the car stands (decision 0026): a gazetteer place, sent as `place_id`. */
  const [place, setPlace] = useState<Place | null>(null);
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
    defaultValues: emptyProductForm,
  });

  // The seller's verified phone number prefills the listing's (decision 0044).
  const profile = useQuery({
    queryKey: queryKeys.profile(user?.uid ?? ''),
    queryFn: ({ signal }) => apiCall(apiRoutes.getProfile, { signal }),
    enabled: Boolean(user),
  });
  const verifiedPhone = profile.data?.phone?.verified ? profile.data.phone.number : null;
  useEffect(() => {
    if (verifiedPhone && getValues('seller_phone') === '') setValue('seller_phone', verifiedPhone);
  }, [verifiedPhone, getValues, setValue]);

  const categoryId = useWatch({ control, name: 'category_id' });
  const holdsVehicles =
    categories?.find((category) => category._id === categoryId)?.holds_vehicles ?? false;
  const chosen = useWatch({ control, name: 'product_image' });
  const previews = useMemo(
    () =>
      chosen instanceof FileList ? Array.from(chosen).map((file) => URL.createObjectURL(file)) : [],
    [chosen],
  );
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const handleCategoryCreated = (category: Category) =>
    setValue('category_id', category._id, { shouldValidate: true });

  const handleAddProduct = handleSubmit(async (values) => {
    const category = categories?.find((item) => item._id === values.category_id);
    if (!user || !category) {
      setError('category_id', { message: categoryRequiredMessage });
      return;
    }
    try {
      // One upload per photo, in the order chosen: the first is the cover.
      const imageUrls: string[] = [];
      for (const file of Array.from(values.product_image)) {
        const url = await uploadImage(file);
        if (!imageUrls.includes(url)) imageUrls.push(url);
      }
      await createProduct.mutateAsync({
        ...toProductBody(values, imageUrls, category, user),
        ...(place ? { place_id: place.id } : {}),
      });
      reset();
      setPlace(null);
      void showSuccess('Success', 'New Product Added');
    } catch (error) {
      toast.error(errorText(error));
    }
  });

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => void handleAddProduct(event)}
        className="card border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body grid gap-x-6 gap-y-2 p-5 sm:p-8 md:grid-cols-2">
          <FormField label="Product Name" error={errors.product_name?.message}>
            <input type="text" className="input w-full" {...register('product_name')} />
          </FormField>
          <FormField
            label="Product Image"
            hint={<p className="text-xs text-base-content/70">{imageInputHint}</p>}
            error={errors.product_image?.message}
          >
            <input
              type="file"
              multiple
              accept={acceptedImageTypes.join(',')}
              className="file-input w-full"
              {...register('product_image')}
            />
          </FormField>
          {previews.length > 0 && (
            <ol className="flex flex-wrap gap-2 md:col-span-2" aria-label="Chosen photos">
              {previews.map((url, i) => (
                <li key={url} className="relative">
                  <img
                    src={url}
                    alt={`Photo ${i + 1}${i === 0 ? ' (cover)' : ''}`}
                    width={96}
                    height={72}
                    className="h-18 w-24 rounded object-cover"
                  />
                  {i === 0 && (
                    <span className="badge absolute top-1 left-1 badge-xs badge-primary">
                      Cover
                    </span>
                  )}
                </li>
              ))}
            </ol>
          )}
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
          <FormField label="Condition" error={errors.condition?.message}>
            <select className="select w-full" {...register('condition')}>
              {conditions.map((condition) => (
                <option key={condition} value={condition}>
                  {condition}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Resell Price" error={errors.resell_price?.message}>
            <input {...priceInput} {...register('resell_price')} />
          </FormField>
          <FormField label="Original Price" error={errors.original_price?.message}>
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
              // The location text, when left empty, is the place's name.
              if (chosen && !getValues('seller_location')?.trim()) {
                setValue('seller_location', placeLabel(chosen), { shouldValidate: true });
              }
            }}
          />
          <FormField label="Location" error={errors.seller_location?.message}>
            <input
              type="text"
              autoComplete="address-level2"
              className="input w-full"
              {...register('seller_location')}
            />
          </FormField>
          <FormField label="Phone Number" error={errors.seller_phone?.message}>
            <input
              type="tel"
              autoComplete="tel"
              className="input w-full"
              {...register('seller_phone')}
            />
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
            <SubmitButton submitting={isSubmitting} progressLabel="Adding the product">
              Add Product
            </SubmitButton>
          </div>
        </div>
      </form>
      <AddCategoryDialog dialogRef={categoryDialog} onCreated={handleCategoryCreated} />
    </>
  );
}
