/**
 * The profile's name-and-photo form. The photo goes through the image host
 * (`POST /api/images`, as at registration), then one `PATCH /api/profile` saves name and photo
 * together; the navigation bar shows the change at once. A photo that is not an image or too
 * large is refused before upload (`imageFileProblem`); a failed upload toasts and saves nothing.
 * "Remove photo" goes back to the initial of the name.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from '#web/lib/toast';
import { acceptedImageTypes, imageInputHint } from '#contract/limits';
import { profileTexts, type Profile } from '#contract/profile';
import { FormField } from '#web/components/form-field';
import { SubmitButton } from '#web/components/submitting-indicator';
import { UserAvatar } from '#web/components/user-avatar';
import { errorText } from '#web/lib/error-text';
import { uploadImage } from '#web/lib/upload-image';
import { useUpdateProfile, type ProfileChange } from '../api/profile';
import {
  profileDetailsSchema,
  type ProfileDetailsInput,
  type ProfileDetailsValues,
} from '../lib/form-schemas';

/** Shown when the new photo cannot be uploaded (nothing is saved then). */
export const photoUploadFailedText = 'Failed to save your picture! Please try again.';

export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileDetailsInput, unknown, ProfileDetailsValues>({
    resolver: zodResolver(profileDetailsSchema),
    defaultValues: { name: profile.displayName, photo: undefined },
  });

  const handleSave = handleSubmit(async ({ name, photo }) => {
    const change: ProfileChange = {};
    if (name !== profile.displayName) change.displayName = name;
    const file = photo?.[0];
    if (file) {
      try {
        change.photoURL = await uploadImage(file);
      } catch (error) {
        toast.error(`${photoUploadFailedText} (${errorText(error)})`);
        return;
      }
    }
    if (Object.keys(change).length === 0) {
      toast.success(profileTexts.saved);
      return;
    }
    try {
      await update.mutateAsync(change);
      toast.success(profileTexts.saved);
    } catch (error) {
      toast.error(errorText(error));
    }
  });

  const handleRemovePhoto = async () => {
    try {
      await update.mutateAsync({ photoURL: '' });
      toast.success(profileTexts.saved);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSave(event)} className="space-y-2">
      <div className="flex min-w-0 items-center gap-4">
        <UserAvatar user={profile} size="size-16" />
        <div className="min-w-0">
          <p className="truncate font-semibold" title={profile.displayName}>
            {profile.displayName}
          </p>
          <p className="truncate text-sm text-base-content/70" title={profile.email}>
            {profile.email}
          </p>
          {profile.photoURL && (
            <button
              type="button"
              className="btn mt-1 btn-ghost btn-xs"
              disabled={update.isPending || isSubmitting}
              onClick={() => void handleRemovePhoto()}
            >
              Remove photo
            </button>
          )}
        </div>
      </div>
      <FormField label="Name" error={errors.name?.message}>
        <input type="text" autoComplete="name" className="input w-full" {...register('name')} />
      </FormField>
      <FormField
        label="New photo"
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
      <div className="pt-2">
        <SubmitButton submitting={isSubmitting} progressLabel="Saving your profile">
          Save name and photo
        </SubmitButton>
      </div>
    </form>
  );
}
