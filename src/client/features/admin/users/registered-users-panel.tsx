import { RotateCcw, Search, UserX } from 'lucide-react';
import { useEffect } from 'react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { AdminUser } from '../../../../common/admin-user-schemas';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { ListPager } from '../shared/list-pager';
import { useLoadErrorToast } from '../shared/table-states';
import type { UserAction } from './user-actions-menu';
import { useAdminUsers } from '../../../api/admin/users';
import { USERS_PAGE_SIZE, userFilters, type UserFilter, type UsersListState } from './users-list-state';
import { sortableColumns, UsersTable } from './users-table';

/**
 * Sorting on a phone, where the table's sortable headers are not shown (each user is a card there); from 640 px up
 * the headers sort and this menu is hidden.
 */
function UsersSortSelect({ list }: { list: UsersListState }) {
  return (
    <NativeSelect
      aria-label="Sort users"
      className="min-w-0 sm:hidden"
      value={list.sort}
      onChange={(event) => list.chooseSort(event.target.value)}
    >
      {sortableColumns.flatMap(({ key, label }) => [
        <option key={key} value={key}>
          {label}, ascending
        </option>,
        <option key={`-${key}`} value={`-${key}`}>
          {label}, descending
        </option>,
      ])}
    </NativeSelect>
  );
}

export function RegisteredUsersPanel({
  list,
  currentUserId,
  onEdit,
  onAction,
}: {
  list: UsersListState;
  currentUserId: number;
  onEdit: (user: AdminUser) => void;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const users = useAdminUsers(list.params);
  useLoadErrorToast(users.error, adminToastMessages.loadAdminData);
  const items = users.data?.items ?? [];
  const total = users.data?.total ?? 0;
  const { offset, setOffset } = list;
  const listed = !users.isPending && items.length > 0;

  // Deleting the last row of the last page would leave an empty page: step back to one with rows.
  useEffect(() => {
    if (users.isPlaceholderData || !users.data) return;
    if (users.data.items.length === 0 && offset > 0 && users.data.total > 0) {
      setOffset(Math.floor((users.data.total - 1) / USERS_PAGE_SIZE) * USERS_PAGE_SIZE);
    }
  }, [users.data, users.isPlaceholderData, offset, setOffset]);

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search by username or email"
            className="pl-9"
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
          />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <NativeSelect
            aria-label="Filter users"
            className="min-w-0 sm:w-52"
            value={list.filter}
            onChange={(event) => list.setFilter(event.target.value as UserFilter)}
          >
            {userFilters.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
          <UsersSortSelect list={list} />
          <Button variant="outline" className="col-span-2 shrink-0" onClick={list.reset} disabled={!list.isFiltered}>
            <RotateCcw aria-hidden />
            Reset Filters
          </Button>
        </div>
      </div>

      {/* On a phone each row is a card of its own, so the frame goes once there are rows. */}
      <div className={cn('relative', listed ? 'sm:rounded-lg sm:border sm:bg-card' : 'rounded-lg border bg-card')}>
        {users.isPending ? (
          <div className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
            <Spinner label="Loading users" />
            Loading users...
          </div>
        ) : users.isError && !users.data ? (
          <div className="grid justify-items-center gap-3 py-16 text-center text-sm">
            <p className="text-muted-foreground">{adminToastMessages.loadAdminData}</p>
            <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="grid justify-items-center gap-3 px-4 py-16 text-center">
            <span className="rounded-full bg-muted p-3 text-muted-foreground">
              <UserX className="size-6" aria-hidden />
            </span>
            <p className="font-medium">{adminEmptyStates.users}</p>
            <p className="text-sm text-muted-foreground">No registered user matches the current search and filter.</p>
            <Button variant="outline" size="sm" onClick={list.clearSearch}>
              Clear search
            </Button>
          </div>
        ) : (
          <UsersTable
            users={items}
            currentUserId={currentUserId}
            sortKey={list.sortKey}
            descending={list.descending}
            onSort={list.toggleSort}
            onEdit={onEdit}
            onAction={onAction}
          />
        )}
        {users.isFetching && !users.isPending && (
          <div className="absolute right-3 top-2.5">
            <Spinner label="Updating users" className="text-muted-foreground" />
          </div>
        )}
      </div>

      <ListPager
        label="Registered users pages"
        total={total}
        offset={offset}
        limit={USERS_PAGE_SIZE}
        shown={items.length}
        onOffsetChange={setOffset}
      />
    </div>
  );
}
