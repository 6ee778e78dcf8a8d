import { ProgressSpinner } from 'primereact/progressspinner';

/** Shown while the console boots; no text, because translations may not be loaded yet. */
export function Loading() {
  return (
    <div className="flex align-items-center justify-content-center min-h-screen" data-testid="app-loading">
      <ProgressSpinner />
    </div>
  );
}
