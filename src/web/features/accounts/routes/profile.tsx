/**
 * `/user/profile`: the signed-in user's own profile, for every role (buyer, seller,
 * admin), linked from their name in the navigation bar. Sections, one card each, in one column
 * (phones first):
 * 1. Name and photo — saved together; shown at once in the navigation bar and, after a refetch,
 *    on listing pages, the seller profile, reviews, messages and open bookings.
 * 2. Home place — the town searches start from and distances are measured from (decision 0026),
 *    kept on the profile so every device the user signs in on uses it; and the time zone every
 *    time in the user's mail is written in (decision 0049).
 * 3. Phone number — verified by a code sent by text message (decision 0044).
 *    Identity — a photo ID matched with a selfie by the identity provider (decision 0044).
 * 4. Password — asks the current one; every other session ends.
 * 5. Notifications — a slot: `notifications` is rendered there when given (the e-mail settings
 *    of the notifications feature, composed in by the app; a feature does not import another).
 * 6. Delete my account — after a confirmation dialog; then signed out, on the home page.
 */
import type { ReactNode } from 'react';
import { profileTexts, type Profile } from '#contract/profile';
import { verificationTexts } from '#contract/verification';
import { ErrorMessage } from '#web/components/error-message';
import { PageTitle } from '#web/components/page-title';
import { PlaceCombobox } from '#web/components/place-combobox';
import { ProgressBar } from '#web/components/progress-bar';
import { useHomePlace } from '#web/lib/home-place';
import toast from '#web/lib/toast';
import { useProfile } from '../api/profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccount } from '../components/delete-account';
import { PayoutForm } from '../components/payout-form';
import { StartSellingButton } from '../components/start-selling';
import { PhoneVerification } from '../components/phone-verification';
import { IdentityVerification } from '../components/identity-verification';
import { identityTexts } from '#contract/identity-texts';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { TimeZoneField } from '../components/time-zone-field';

/** The home place field: saved as soon as a place is chosen or cleared. */
function HomePlaceField() {
  const { homePlace, saveHomePlace } = useHomePlace();
  return (
    <>
      <p className="text-sm">
        Searches start from this town, and listings show how far away they are.
      </p>
      <PlaceCombobox
        label="Home place"
        value={homePlace}
        onChange={(place) => {
          void saveHomePlace(place).then((saved) => {
            if (saved) toast.success(place ? 'Home place saved' : 'Home place removed');
            else toast.error('Your home place could not be saved. Try again.');
          });
        }}
      />
    </>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      id={id}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={`${id}-heading`} className="card-title text-lg">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export interface ProfileRouteProps {
  /**
   * NOTIFICATIONS SLOT: the notification settings (`NotificationSettings` of
   * src/web/features/notifications/components/), composed in by the app, e.g.
   * `<ProfileRoute notifications={<NotificationSettings />} />` from src/web/app/routes/.
   * Nothing is shown for it while absent.
   */
  notifications?: ReactNode;
  /**
   * BUSINESS SELLER SLOT (sellers only): the dealers feature's trader-details form for this
   * profile, composed in by the app.
   */
  business?: (profile: Profile) => ReactNode;
}

export function ProfileRoute({ notifications, business }: ProfileRouteProps) {
  const { data: profile, isPending, error } = useProfile();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <PageTitle title={profileTexts.title} />
      <h1 className="text-2xl font-bold">{profileTexts.title}</h1>
      {isPending ? (
        <ProgressBar label="Loading your profile" />
      ) : error || !profile ? (
        <ErrorMessage error={error} />
      ) : (
        <>
          <Section title="Name and photo" id="profile-details">
            {/* A saved change remounts the form: fresh name, empty file input. */}
            <ProfileDetailsForm
              key={`${profile.displayName}\n${profile.photoURL}`}
              profile={profile}
            />
          </Section>
          {!profile.isSeller && (
            <Section title="Selling" id="profile-selling">
              <p className="text-sm">
                Your account buys. Start selling to list your car with the same account.
              </p>
              <div>
                <StartSellingButton />
              </div>
            </Section>
          )}
          {profile.isSeller && (
            <Section title="Payout details" id="profile-payout">
              <PayoutForm />
            </Section>
          )}
          <Section title="Home place" id="profile-home-place">
            <HomePlaceField />
          </Section>
          <Section title="Time zone" id="profile-time-zone">
            <TimeZoneField profile={profile} />
          </Section>
          {business && profile.role === 'seller' && (
            <Section title="Business seller" id="business-seller">
              {business(profile)}
            </Section>
          )}
          <Section title={verificationTexts.phoneTitle} id="profile-phone">
            <PhoneVerification profile={profile} />
          </Section>
          <Section title={identityTexts.title} id="profile-identity">
            <IdentityVerification uid={profile.uid} />
          </Section>
          <Section title="Password" id="profile-password">
            <ChangePasswordForm hasPassword={profile.hasPassword} />
          </Section>
          {/* ── NOTIFICATIONS SECTION: the notifications feature's settings go here. ── */}
          {notifications && (
            <Section title="Notifications" id="notifications">
              {notifications}
            </Section>
          )}
          <Section title="Delete my account" id="profile-delete">
            <p className="text-sm">
              Your account is deleted as an admin would delete it: you cannot sign in with it again.
            </p>
            <div>
              <DeleteAccount isSeller={profile.role === 'seller'} />
            </div>
          </Section>
        </>
      )}
    </div>
  );
}
