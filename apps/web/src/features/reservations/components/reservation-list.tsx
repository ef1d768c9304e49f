import type { Reservation, ReservationGroup } from '@marco/contract/reservations';
import type { ReactNode } from 'react';
import { useReservations } from '../api/get-reservations';
import type { ReservationSide } from '../api/keys';
import { Pagination } from './pagination';
import { ReservationCard } from './reservation-card';
import { CardsSkeleton, ErrorState } from './states';

/** A paged list of the caller's reservations of one group, with skeleton, empty and error states. */
export function ReservationList({
  side,
  group,
  page,
  onPage,
  detailPath,
  empty,
}: {
  side: ReservationSide;
  group: ReservationGroup | 'all';
  page: number;
  onPage: (page: number) => void;
  detailPath: (reservation: Reservation) => string;
  empty: ReactNode;
}) {
  const query = useReservations(side, group, page);
  if (query.isPending) return <CardsSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { data, total, pageSize } = query.data;
  if (data.length === 0 && page === 1) return <>{empty}</>;
  return (
    <div aria-busy={query.isPlaceholderData || undefined}>
      <ul className="flex flex-col gap-4">
        {data.map((reservation) => (
          <li key={reservation.id}>
            <ReservationCard reservation={reservation} side={side} to={detailPath(reservation)} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={pageSize} total={total} onPage={onPage} />
    </div>
  );
}
