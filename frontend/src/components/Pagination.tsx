/** Previous / Next and 'Page X of Y', only when there is more than one page. */
import { Link } from 'react-router';

export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  const cls = 'btn btn-secondary';
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link className={cls} to={href(page - 1)}>
          Previous
        </Link>
      ) : (
        <span className={`${cls} opacity-40`} aria-disabled="true">
          Previous
        </span>
      )}
      <span data-testid="page-of">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className={cls} to={href(page + 1)}>
          Next
        </Link>
      ) : (
        <span className={`${cls} opacity-40`} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
