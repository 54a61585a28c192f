import { statusClass, statusLabel } from '../types';

/** A status name with its lowercased-dashed class (spec §4). */
export function OrderStatus({ name }: { name: string }) {
  return <span className={`order-status order-status--${statusClass(name)} ${statusClass(name)}`}>{statusLabel(name)}</span>;
}
