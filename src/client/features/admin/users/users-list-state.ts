import { useEffect, useState } from 'react';
import type { AdminUserSortKey, AdminUsersQuery } from '../../../../common/admin-user-schemas';

// What the Registered Users tab asks the server for. It lives in the section rather than the
// tab, so switching to Anonymous Sessions and back keeps the page, sort and search.

export const userFilters = [
  { value: 'all', label: 'All users' },
  { value: 'admin', label: 'Admin only' },
  { value: 'active', label: 'Active subscriptions' },
  { value: 'inactive', label: 'Inactive subscriptions' },
] as const;
export type UserFilter = (typeof userFilters)[number]['value'];

export const USERS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_SORT = '-id';

export function useUsersListState(initialSearch: string) {
  const [searchText, setSearchText] = useState(initialSearch);
  const [search, setSearch] = useState(initialSearch.trim());
  const [filter, setFilterValue] = useState<UserFilter>('all');
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setOffset(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const sortKey = sort.replace(/^-/, '') as AdminUserSortKey;
  const descending = sort.startsWith('-');

  const params: AdminUsersQuery = {
    kind: 'registered',
    limit: USERS_PAGE_SIZE,
    offset,
    search: search || undefined,
    sort,
    filter,
  };

  return {
    params,
    searchText,
    setSearchText,
    filter,
    setFilter(value: UserFilter) {
      setFilterValue(value);
      setOffset(0);
    },
    sortKey,
    descending,
    /** The active column flips direction; another column starts ascending. */
    toggleSort(key: AdminUserSortKey) {
      setSort(key === sortKey ? (descending ? key : `-${key}`) : key);
      setOffset(0);
    },
    /** A sort chosen whole ('email' or '-email'), as the phone's sort menu does. */
    chooseSort(value: string) {
      setSort(value);
      setOffset(0);
    },
    sort,
    offset,
    setOffset,
    clearSearch() {
      setSearchText('');
      setSearch('');
      setFilterValue('all');
      setOffset(0);
    },
    reset() {
      setSearchText('');
      setSearch('');
      setFilterValue('all');
      setSort(DEFAULT_SORT);
      setOffset(0);
    },
    isFiltered: searchText.trim() !== '' || filter !== 'all' || sort !== DEFAULT_SORT,
  };
}

export type UsersListState = ReturnType<typeof useUsersListState>;
