import { inputClass } from '../../../components/TextField';
import { useCategoryOptions } from '../api/get-category-options';

/** The post's category: the spec's 'Select Category' first, then every category; its error under it. */
export function CategorySelect({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const categories = useCategoryOptions();
  return (
    <div>
      <label htmlFor="post-category" className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Category
      </label>
      <select
        id="post-category"
        name="category_id"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'post-category-error' : undefined}
        required
        className={`${inputClass} appearance-auto`}
      >
        <option value="">Select Category</option>
        {categories.data?.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.name}
          </option>
        ))}
      </select>
      {error && (
        <p id="post-category-error" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
