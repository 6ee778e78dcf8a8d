import { Component, Suspense, createContext, useContext, type ErrorInfo, type ReactNode } from 'react';
import { ProgressSpinner } from 'primereact/progressspinner';
import { PluginScopeContext, type PluginScope } from '@bastion/sdk';
import { TopProgress } from '../shell/FramePieces';
import type { PluginFailure } from '../plugins/pluginFailure';
import { PluginUnavailable } from './PluginUnavailable';

/** Tells the server a plugin failed in this browser (boot posts it to `/api/v1/ui/plugins/faults/`). */
export type PluginFaultReporter = (pluginId: string, failure: PluginFailure) => void;
export const PluginFaultContext = createContext<PluginFaultReporter>(() => undefined);

interface BoundaryProps {
  pluginId: string;
  title: string;
  report: PluginFaultReporter;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/** Catches render errors (and failed lazy chunks) of one plugin's subtree. */
class PluginErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Keep the cause visible for operators; the user sees the panel.
    console.error(`[plugin ${this.props.pluginId}]`, error, info.componentStack);
    const message = error instanceof Error ? error.message : String(error);
    this.props.report(this.props.pluginId, { kind: 'render', detail: message });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error) {
      return (
        <PluginUnavailable
          pluginId={this.props.pluginId}
          title={this.props.title}
          reason={{ kind: 'render', detail: error.message }}
        />
      );
    }
    return this.props.children;
  }
}

export interface PluginBoundaryProps {
  scope: PluginScope;
  /** Display name used in the failure panel. */
  title: string;
  children: ReactNode;
}

/**
 * Every contributed element renders inside this: the plugin's scope (namespace for `useT()`), an error
 * boundary naming the plugin, and Suspense for lazy pages and translations.
 */
export function PluginBoundary({ scope, title, children }: PluginBoundaryProps) {
  const report = useContext(PluginFaultContext);
  return (
    <PluginScopeContext.Provider value={scope}>
      <PluginErrorBoundary pluginId={scope.pluginId} title={title} report={report}>
        <Suspense
          fallback={
            <div className="flex justify-content-center p-5" data-testid={`plugin-loading-${scope.pluginId}`}>
              <TopProgress />
              <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} />
            </div>
          }
        >
          {children}
        </Suspense>
      </PluginErrorBoundary>
    </PluginScopeContext.Provider>
  );
}
