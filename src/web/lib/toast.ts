/**
 * The app's toasts: react-hot-toast's `toast` (`toast.success(message)`, `toast.error(message)`,
 * …). Import it from here, never from react-hot-toast (ESLint refuses that elsewhere): loading
 * this module tells the app to mount react-hot-toast's Toaster (app/toasts.tsx), so the library
 * stays out of the entry chunk and is downloaded with the first page or action that can toast
 * (sign-in, forms, log out), not by every visit to the home page. A toast made before
 * the Toaster has mounted waits in react-hot-toast's store and shows when it does.
 */
// eslint-disable-next-line no-restricted-imports -- the one place that imports the library
import toast, { Toaster } from 'react-hot-toast';
import { markToastsLoaded } from './toast-signal';

markToastsLoaded();

export { Toaster };
export default toast;
