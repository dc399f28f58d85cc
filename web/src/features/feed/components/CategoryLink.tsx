import { TopicChip } from '../../../components/TopicChip';
import { useCategories } from '../../../api/categories';

/** A post's category as a chip that opens the category's posts; nothing until its name is known. */
export function CategoryLink({ categoryId }: { categoryId: number }) {
  const categories = useCategories();
  const name = categories.data?.find((item) => item.id === categoryId)?.name;
  if (!name) return null;
  return <TopicChip categoryId={categoryId} name={name} className="px-3! py-1! text-xs font-medium" />;
}
