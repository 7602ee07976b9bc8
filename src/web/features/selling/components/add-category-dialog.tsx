/**
 * The add-category dialog of the seller dashboard (docs/product.md §2: "a dialog, not a route"; §5 New
 * category): a daisyUI modal on a native <dialog>, opened by the product form's button through
 * `ref`. Name required ("Category name is required"), first letter capitalised; on success it
 * closes, toasts "New Category Added" and hands the new category to `onCreated`. A refusal (409
 * "A category with this name already exists") shows inside the dialog, which sits above the
 * toasts while open.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import toast from '#web/lib/toast';
import type { Category } from '#contract/entities';
import type * as apiRoutes from '#contract/route-table';
import type { RouteBody } from '#contract/routes';
import { newCategorySchema } from '#contract/selling';
import { FormField } from '#web/components/form-field';
import { SubmittingIndicator } from '#web/components/submitting-indicator';
import { errorText } from '#web/lib/error-text';
import { useCreateCategory } from '../api/create-category';

export interface AddCategoryDialogProps {
  /** The <dialog>; the opener calls `showModal()` on it. */
  dialogRef: RefObject<HTMLDialogElement | null>;
  onCreated: (category: Category) => void;
}

/** The form's values: the body of `POST /api/categories`. */
type CategoryForm = RouteBody<typeof apiRoutes.createCategory>;

export function AddCategoryDialog({ dialogRef, onCreated }: AddCategoryDialogProps) {
  const headingId = useId();
  const createCategory = useCreateCategory();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CategoryForm>({
    resolver: zodResolver(newCategorySchema),
    defaultValues: { category_name: '' },
  });

  const close = () => dialogRef.current?.close();

  const handleAdd = async ({ category_name }: CategoryForm) => {
    try {
      const category = await createCategory.mutateAsync(category_name);
      close();
      toast.success('New Category Added');
      onCreated(category);
    } catch (error) {
      setError('root.server', { message: errorText(error) });
    }
  };

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={headingId} onClose={() => reset()}>
      <div className="modal-box">
        <h2 id={headingId} className="text-xl font-bold">
          Add New Category
        </h2>
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(handleAdd)(event)}
          className="mt-2 space-y-2"
        >
          <FormField label="Category Name" error={errors.category_name?.message}>
            <input type="text" className="input w-full" {...register('category_name')} />
          </FormField>
          {errors.root?.server && (
            <p role="alert" className="text-sm text-error">
              {errors.root.server.message}
            </p>
          )}
          <div className="modal-action">
            {isSubmitting ? (
              <div className="w-full">
                <SubmittingIndicator label="Adding the category" />
              </div>
            ) : (
              <>
                <button type="button" className="btn btn-ghost" onClick={close}>
                  Cancel
                </button>
                <button type="submit" className="btn btn-primary">
                  Add Category
                </button>
              </>
            )}
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-label="Close">
          close
        </button>
      </form>
    </dialog>
  );
}
