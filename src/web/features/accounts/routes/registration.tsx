/**
 * Registration page (docs/product.md §2 Registration, §5, §8, §9): heading "Register Now"; name, email,
 * photo, role (buyer or seller, default buyer) and password; a link back to /login.
 * On submit: create the account, upload the photo ("Failed to save your picture! you can upload
 * again from profile section" if that fails, and go on without it; the login that follows then
 * leads to /user/profile), save the user record, update the profile, show "Registration
 * Success" / "Now you can Login" for 2500 ms, log out and go to /login (its e-mail field
 * prefilled with the new address). A progress indicator
 * replaces the submit button meanwhile; a failure toasts the provider's message. Sign-up carries
 * a proof of work (decision 0044) the browser starts solving when the page opens; a line above
 * the button says how it goes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from '#web/lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { nextParam } from '#web/lib/auth/redirect';
import Swal from 'sweetalert2';
import { paths } from '#web/lib/paths';
import { acceptedImageTypes, imageInputHint, registrationRoles } from '#contract/limits';
import { saveUserRecord } from '../api/save-user';
import { uploadImage } from '#web/lib/upload-image';
import { AuthCard } from '../components/auth-card';
import { SubmitButton } from '#web/components/submitting-indicator';
import { FormField } from '#web/components/form-field';
import { useAuth } from '#web/lib/auth/auth-context';
import {
  registrationSchema,
  type RegistrationInput,
  type RegistrationValues,
} from '../lib/form-schemas';
import { errorText } from '#web/lib/error-text';
import { ProofOfWorkStatus, useProofOfWork, withProofOfWork } from '#web/lib/use-proof-of-work';

/** docs/product.md §9: the success dialog lasts 2500 ms. */
export const REGISTRATION_DIALOG_MS = 2500;

export const photoUploadFailedMessage =
  'Failed to save your picture! you can upload again from profile section';

export function RegistrationRoute() {
  const { signUp, updateProfile, logOut } = useAuth();
  const navigate = useNavigate();
  // `Sell your car` presets the role (`?role=seller`) and the way back (`?next=`, e.g. the
  // listing form), which the login page follows after signing in.
  const [searchParams] = useSearchParams();
  const presetRole = registrationRoles.find((role) => role === searchParams.get('role'));
  const next = nextParam(searchParams);
  const proofOfWork = useProofOfWork({ auto: true });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationInput, unknown, RegistrationValues>({
    resolver: zodResolver(registrationSchema),
    defaultValues: { name: '', email: '', role: presetRole ?? 'buyer', password: '' },
  });

  const handleRegister = handleSubmit(async ({ name, email, photo, role, password }) => {
    try {
      const user = await withProofOfWork(
        proofOfWork,
        (proof) => signUp({ name, email, password, proof_of_work: proof }),
        { upfront: true },
      );
      let photoURL = '';
      let photoFailed = false;
      try {
        photoURL = await uploadImage(photo[0]!);
      } catch {
        photoFailed = true;
        toast.error(photoUploadFailedMessage);
      }
      await saveUserRecord({ displayName: name, email: user.email, photoURL, role, uid: user.uid });
      await updateProfile({ name, image: photoURL });
      await Swal.fire({
        icon: 'success',
        title: 'Registration Success',
        text: 'Now you can Login',
        timer: REGISTRATION_DIALOG_MS,
        showConfirmButton: false,
      });
      await logOut();
      // The login form starts with the address just registered, and
      // when the photo failed, signing in leads to the profile section the message promised.
      void navigate(paths.login.href(), {
        state: {
          email: user.email,
          ...(photoFailed
            ? { from: { pathname: paths.profile.href() } }
            : next && { from: { pathname: next } }),
        },
      });
    } catch (error) {
      toast.error(errorText(error));
      // The next try needs a new solution (the last one may have been used): solve it now.
      proofOfWork.start();
    }
  });

  return (
    <AuthCard heading="Register Now">
      <form noValidate onSubmit={(event) => void handleRegister(event)} className="space-y-2">
        <FormField label="Name" error={errors.name?.message}>
          <input type="text" autoComplete="name" className="input w-full" {...register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <input
            type="email"
            autoComplete="email"
            className="input w-full"
            {...register('email')}
          />
        </FormField>
        <FormField
          label="Photo"
          hint={<p className="text-xs text-base-content/70">{imageInputHint}</p>}
          error={errors.photo?.message}
        >
          <input
            type="file"
            accept={acceptedImageTypes.join(',')}
            className="file-input w-full"
            {...register('photo')}
          />
        </FormField>
        <FormField label="Role" error={errors.role?.message}>
          <select className="select w-full" {...register('role')}>
            {registrationRoles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <input
            type="password"
            autoComplete="new-password"
            className="input w-full"
            {...register('password')}
          />
        </FormField>
        <ProofOfWorkStatus state={proofOfWork.state} />
        <div className="pt-2">
          <SubmitButton submitting={isSubmitting} progressLabel="Creating your account">
            Register
          </SubmitButton>
        </div>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link
          to={paths.login.href()}
          state={next ? { from: { pathname: next } } : undefined}
          className="link font-semibold link-primary"
        >
          Login Now
        </Link>
      </p>
    </AuthCard>
  );
}
