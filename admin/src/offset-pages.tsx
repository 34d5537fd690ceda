import { toQuery } from "./query.js";
import { Link } from "./router.js";

/** Previous and Next for a list read by limit and offset; the screen's filters stay in both links. */
export function OffsetPages({
  path,
  filters,
  start,
  pageSize,
  count,
}: {
  path: string;
  filters: Readonly<Record<string, string | undefined>>;
  start: number;
  pageSize: number;
  count: number;
}) {
  return (
    <nav aria-label="Pages">
      {start > 0 && (
        <Link to={`${path}${toQuery({ ...filters, offset: Math.max(0, start - pageSize) })}`}>Previous</Link>
      )}{" "}
      {start + pageSize < count && <Link to={`${path}${toQuery({ ...filters, offset: start + pageSize })}`}>Next</Link>}
    </nav>
  );
}
