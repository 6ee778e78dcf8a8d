import { ProgressSpinner } from 'primereact/progressspinner';
import { TopProgress } from '../shell/FramePieces';

/** Shown while the console boots (routes and plugins load); no text, translations may not be loaded yet. */
export function Loading() {
  return (
    <div className="flex align-items-center justify-content-center min-h-screen" data-testid="app-loading">
      <TopProgress />
      <ProgressSpinner />
    </div>
  );
}
