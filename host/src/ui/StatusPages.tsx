import { Link } from 'react-router-dom';
import { useT } from '@bastion/sdk';

function StatusPage({
  code,
  title,
  hint,
  testId,
}: {
  code: string;
  title: string;
  hint: string;
  testId: string;
}) {
  const t = useT('host');
  return (
    <div
      className="flex flex-column align-items-center justify-content-center p-6 text-center"
      data-testid={testId}
    >
      <div className="text-6xl font-bold text-primary">{code}</div>
      <h2 className="mt-3 mb-2">{title}</h2>
      <p className="mt-0 text-color-secondary">{hint}</p>
      <Link to="/" className="p-button p-button-text no-underline">
        {t('page.goHome')}
      </Link>
    </div>
  );
}

/** docs/shell.md#entry-and-guards: 403 'Unable to access the current page'. */
export function ForbiddenPage() {
  const t = useT('host');
  return (
    <StatusPage code="403" title={t('page.forbidden')} hint={t('page.forbiddenHint')} testId="page-403" />
  );
}

/** docs/shell.md#entry-and-guards: 404 with a go-home link. */
export function NotFoundPage() {
  const t = useT('host');
  return <StatusPage code="404" title={t('page.notFound')} hint={t('page.notFoundHint')} testId="page-404" />;
}
