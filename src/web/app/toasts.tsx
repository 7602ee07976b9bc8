/**
 * The toasts' container (react-hot-toast's Toaster, top centre), mounted once lib/toast.ts has
 * been loaded by code that can toast (lib/toast-signal.ts): until then nothing, and the library is
 * not part of the entry chunk. Renders nothing on the server.
 */
import { lazy, Suspense } from 'react';
import { useToastsLoaded } from '../lib/toast-signal';

const Toaster = lazy(() =>
  import('../lib/toast').then((module) => ({
    default: () => <module.Toaster position="top-center" />,
  })),
);

export function Toasts() {
  const loaded = useToastsLoaded();
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
