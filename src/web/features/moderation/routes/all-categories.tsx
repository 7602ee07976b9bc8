/**
 * /user/admin/categories, Categories: every category with its listing count,
 * and the admin's tools — rename, what it holds (vehicles, or parts and accessories: decision
 * 0047, which search and the listing forms follow), merge into another category (its listings
 * move), delete an empty one. Each asks "Confirm" / "Don't Confirm" first (docs/product.md §5 Confirmations) and reports
 * through the dashboard's dialogs; a refusal (a near-duplicate name, a category that still has
 * listings) shows the server's reason. One card per category: at 360 px nothing is cut off.
 * API: src/contract/categories.ts.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  categoryAdminTexts,
  categoryKindLabels,
  categoryKinds,
  normaliseCategoryName,
  type AdminCategory,
  type CategoryKind,
} from '#contract/categories';
import { ProgressBar } from '#web/components/progress-bar';
import { showSuccess } from '#web/components/dialogs';
import { DashboardPage } from '#web/components/dashboard-page';
import {
  useAdminCategories,
  useDeleteCategory,
  useMergeCategory,
  useRenameCategory,
  useSetCategoryKind,
} from '../api/admin-categories';
import { runAdminAction } from '../lib/run-admin-action';

function CategoryCard({ category, others }: { category: AdminCategory; others: AdminCategory[] }) {
  const nameId = useId();
  const mergeId = useId();
  const kindId = useId();
  const [kind, setKind] = useState<CategoryKind>(category.kind);
  const setCategoryKind = useSetCategoryKind();
  const [name, setName] = useState(category.category_name);
  const [into, setInto] = useState('');
  const rename = useRenameCategory();
  const merge = useMergeCategory();
  const remove = useDeleteCategory();
  const target = others.find((other) => other._id === into);

  const handleRename = (event: FormEvent) => {
    event.preventDefault();
    const next = normaliseCategoryName(name);
    if (next === '' || next === category.category_name) return;
    void runAdminAction({
      question: `Rename ${category.category_name} to ${next}?`,
      consequence: `Its listings and its home page tile show the name ${next}.`,
      tone: 'default',
      run: () => rename.mutateAsync({ id: category._id, name: next }),
      report: () => showSuccess(categoryAdminTexts.renamed),
    });
  };

  const handleKind = (event: FormEvent) => {
    event.preventDefault();
    if (kind === category.kind) return;
    void runAdminAction({
      question: `Make ${category.category_name} ${categoryKindLabels[kind].toLowerCase()}?`,
      consequence: `Searches for ${categoryKindLabels[kind].toLowerCase()} show its listings, and its listing form follows.`,
      tone: 'default',
      run: () => setCategoryKind.mutateAsync({ id: category._id, kind }),
      report: () => showSuccess(categoryAdminTexts.kindChanged),
    });
  };

  const handleMerge = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    void runAdminAction({
      question: `Merge ${category.category_name} into ${target.category_name}?`,
      consequence: `Its ${category.listingCount} listings move to ${target.category_name} and ${category.category_name} is removed.`,
      tone: 'destructive',
      run: () => merge.mutateAsync({ id: category._id, into: target._id }),
      report: (result) =>
        showSuccess(categoryAdminTexts.merged, `${result.modifiedCount} listings moved.`),
    });
  };

  const handleDelete = () =>
    void runAdminAction({
      question: `Delete ${category.category_name}?`,
      consequence: 'The category is removed for good; only an empty category can be deleted.',
      tone: 'destructive',
      run: () => remove.mutateAsync(category._id),
      report: () => showSuccess(categoryAdminTexts.deleted),
    });

  return (
    <li
      className="card border border-base-300 bg-base-100"
      data-testid="admin-category"
      aria-label={category.category_name}
    >
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="card-title break-all">{category.category_name}</h2>
          <p className="text-sm">
            {category.listingCount} {category.listingCount === 1 ? 'listing' : 'listings'}
            {category.createdBy ? ` · added by ${category.createdBy}` : ''}
          </p>
        </div>
        <form onSubmit={handleRename} className="flex flex-wrap items-end gap-2">
          <label htmlFor={nameId} className="w-full text-sm font-medium sm:w-auto">
            New name
          </label>
          <input
            id={nameId}
            className="input input-sm min-w-0 flex-1"
            value={name}
            maxLength={50}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="btn btn-sm">
            Rename
          </button>
        </form>
        <form onSubmit={handleKind} className="flex flex-wrap items-end gap-2">
          <label htmlFor={kindId} className="w-full text-sm font-medium sm:w-auto">
            Holds
          </label>
          <select
            id={kindId}
            className="select select-sm min-w-0 flex-1"
            value={kind}
            onChange={(event) => setKind(event.target.value as CategoryKind)}
          >
            {categoryKinds.map((value) => (
              <option key={value} value={value}>
                {categoryKindLabels[value]}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-sm" disabled={kind === category.kind}>
            Save kind
          </button>
        </form>
        <form onSubmit={handleMerge} className="flex flex-wrap items-end gap-2">
          <label htmlFor={mergeId} className="w-full text-sm font-medium sm:w-auto">
            Merge into
          </label>
          <select
            id={mergeId}
            className="select select-sm min-w-0 flex-1"
            value={into}
            onChange={(event) => setInto(event.target.value)}
          >
            <option value="">Choose a category</option>
            {others.map((other) => (
              <option key={other._id} value={other._id}>
                {other.category_name}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-sm" disabled={!target}>
            Merge
          </button>
        </form>
        <div>
          <button type="button" className="btn btn-sm btn-error" onClick={handleDelete}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

export function AllCategoriesRoute() {
  const { data, isPending, isError } = useAdminCategories();
  return (
    <DashboardPage heading={categoryAdminTexts.heading}>
      {isPending ? (
        <ProgressBar />
      ) : isError ? (
        <p role="alert">Something Went Wrong, Please Try Again</p>
      ) : data.length === 0 ? (
        <p>{categoryAdminTexts.empty}</p>
      ) : (
        <ul className="grid gap-3">
          {data.map((category) => (
            <CategoryCard
              key={`${category._id}:${category.category_name}:${category.kind}`}
              category={category}
              others={data.filter((other) => other._id !== category._id)}
            />
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}
