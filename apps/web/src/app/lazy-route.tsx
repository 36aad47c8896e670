import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { RouteLoading } from '../components/ui/route-loading';

/**
 * A route element whose page code is its own chunk, loaded on first visit with the "Loading…"
 * indicator in its place. Each route gets its own keyed Suspense boundary: the router switches
 * pages inside a transition, and React shows a fallback during a transition only for a boundary
 * that is new, so a shared boundary would leave the old page up with no indicator.
 */
export function lazyRoute(id: string, load: () => Promise<{ default: ComponentType }>): ReactElement {
  const Page = lazy(load);
  return (
    <Suspense key={id} fallback={<RouteLoading />}>
      <Page />
    </Suspense>
  );
}
