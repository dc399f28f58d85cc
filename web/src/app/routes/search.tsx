import { SearchScreen } from '../../features/search/components/SearchScreen';

export default function SearchRoute() {
  return <SearchScreen />;
}
