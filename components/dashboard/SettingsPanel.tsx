'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import { graphql } from '../gql/index.ts';
import type { SettingsQuery } from '../gql/graphql.ts';
import { useMutation, useQuery } from '@apollo/client/react';
import { FirstLoad, Outcome, useAction } from './use-action.tsx';
import { ME_THEME } from './ThemeFromProfile.tsx';
import { BackupCodes } from './BackupCodes.tsx';
import { IdentityPanel } from './IdentityPanel.tsx';

const SETTINGS = graphql(`
  query Settings {
    me {
      id
      email
      displayName
      uiTheme
      stampExportSize
      betaFeaturesEnabled
      mfaEnabled
      verificationStatus
      credentialCount
    }
    organization {
      id
      name
      planLevel
    }
    subscription {
      planLevel
      status
      trialEnd
    }
  }
`);

const UPDATE_PROFILE = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      id
      displayName
      uiTheme
      stampExportSize
      betaFeaturesEnabled
    }
  }
`);

const CHANGE_PASSWORD = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      success
    }
  }
`);

const SETUP_MFA = graphql(`
  mutation SetupMfa {
    setupMfa {
      secret
      otpauthUrl
      qrCodeSvg
    }
  }
`);

const ENABLE_MFA = graphql(`
  mutation EnableMfa($input: EnableMfaInput!) {
    enableMfa(input: $input) {
      backupCodes
      enabledAt
    }
  }
`);

const DISABLE_MFA = graphql(`
  mutation DisableMfa($code: String!) {
    disableMfa(code: $code)
  }
`);

/** The signed-in user as the settings read them. */
type Me = NonNullable<SettingsQuery['me']>;

function ProfileForm({ me }: { me: Me }) {
  const [update, { loading }] = useMutation(UPDATE_PROFILE, { refetchQueries: [{ query: ME_THEME }] });
  const { outcome, run } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(
      () =>
        update({
          variables: {
            input: {
              displayName: String(form.get('displayName') ?? ''),
              uiTheme: form.get('uiTheme') as string | null,
              stampExportSize: form.get('stampExportSize') as string | null,
              betaFeaturesEnabled: form.get('betaFeaturesEnabled') === 'on',
            },
          },
        }),
      'Profile saved.',
    );
  }
  return (
    <form className="settings-card" onSubmit={submit} aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <p className="muted">{me.email}</p>
      <label>
        Display name
        <input name="displayName" defaultValue={me.displayName ?? ''} maxLength={200} autoComplete="name" />
      </label>
      <label>
        Theme
        <select name="uiTheme" defaultValue={me.uiTheme}>
          <option value="system">Same as my system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      <label>
        Stamp export size
        <select name="stampExportSize" defaultValue={me.stampExportSize}>
          <option value="small">Small (1 in)</option>
          <option value="medium">Medium (1.5 in)</option>
          <option value="large">Large (2 in)</option>
        </select>
      </label>
      <label className="checkbox">
        <input type="checkbox" name="betaFeaturesEnabled" defaultChecked={me.betaFeaturesEnabled} />
        Try features in beta
      </label>
      <Outcome {...outcome} />
      <button type="submit" disabled={loading}>
        {loading ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}

function PasswordForm() {
  const [change, { loading }] = useMutation(CHANGE_PASSWORD);
  const { outcome, run, setOutcome } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    if (form.get('newPassword') !== form.get('confirmPassword')) {
      setOutcome({ error: 'The new password and its confirmation differ.' });
      return;
    }
    await run(async () => {
      await change({ variables: { input: { currentPassword: String(form.get('currentPassword') ?? ''), newPassword: String(form.get('newPassword') ?? '') } } });
      target.reset();
    }, 'Password changed. Your other sessions were signed out.');
  }
  return (
    <form className="settings-card" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <label>
        Current password
        <input name="currentPassword" type="password" autoComplete="current-password" required />
      </label>
      <label>
        New password
        <input name="newPassword" type="password" autoComplete="new-password" minLength={10} required />
      </label>
      <label>
        Confirm new password
        <input name="confirmPassword" type="password" autoComplete="new-password" minLength={10} required />
      </label>
      <Outcome {...outcome} />
      <button type="submit" disabled={loading}>
        {loading ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}

function MfaSection({ me, onChange }: { me: Me; onChange: () => void }) {
  const [setup, setupState] = useMutation(SETUP_MFA);
  const [enable, enableState] = useMutation(ENABLE_MFA);
  const [disable, disableState] = useMutation(DISABLE_MFA);
  const [pendingSetup, setPendingSetup] = useState<{ secret: string; qrCodeSvg: string } | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const { outcome, run } = useAction();

  async function start() {
    await run(async () => {
      const { data } = await setup();
      setPendingSetup(data!.setupMfa);
    });
  }
  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    await run(async () => {
      const { data } = await enable({ variables: { input: { code } } });
      setBackupCodes(data!.enableMfa!.backupCodes);
      setPendingSetup(null);
      onChange();
    });
  }
  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    await run(async () => {
      await disable({ variables: { code } });
      setBackupCodes(null);
      onChange();
    }, 'Two-step verification is off.');
  }

  return (
    <section className="settings-card" aria-labelledby="mfa-title">
      <h2 id="mfa-title">Two-step verification</h2>
      {backupCodes && (
        <div className="notice" role="status">
          <p>
            <strong>Two-step verification is on.</strong> Keep these backup codes somewhere safe: each signs you in once if you lose your authenticator, and they are shown only now.
          </p>
          <BackupCodes codes={backupCodes} />
        </div>
      )}
      {me.mfaEnabled ? (
        <form onSubmit={turnOff} className="stack">
          <p>Signing in asks for a code from your authenticator app.</p>
          <label>
            Current code to turn it off
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
          </label>
          <button type="submit" className="secondary" disabled={disableState.loading}>
            Turn off two-step verification
          </button>
        </form>
      ) : pendingSetup ? (
        <form onSubmit={confirm} className="stack">
          <p>Scan this code with an authenticator app (or type the key), then enter the 6-digit code it shows.</p>
          {/* The QR code is our server's SVG, shown as an image: no markup of it runs in the page. */}
          <img className="qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pendingSetup.qrCodeSvg)}`} alt="QR code for your authenticator app" width={180} height={180} />
          <p>
            Key: <code data-testid="mfa-secret">{pendingSetup.secret}</code>
          </p>
          <label>
            Code from the app
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
          </label>
          <button type="submit" disabled={enableState.loading}>
            Turn on
          </button>
        </form>
      ) : (
        <div className="stack">
          <p>Add a second step to signing in: a code from an authenticator app on your phone.</p>
          <button type="button" onClick={() => void start()} disabled={setupState.loading}>
            Set up two-step verification
          </button>
        </div>
      )}
      <Outcome {...outcome} />
    </section>
  );
}

export function SettingsPanel() {
  const { data, loading, error, refetch } = useQuery(SETTINGS);
  if (!data) return <FirstLoad loading={loading} error={error} hasData={false} what="your settings" />;
  const { me, organization, subscription } = data!;
  return (
    <div className="settings-grid">
      <ProfileForm me={me} />
      <IdentityPanel />
      <PasswordForm />
      <MfaSection me={me} onChange={() => void refetch()} />
      <section className="settings-card" aria-labelledby="plan-title">
        <h2 id="plan-title">Plan</h2>
        <p>
          {organization?.name}: <strong>{subscription?.planLevel ?? organization?.planLevel}</strong>
          {subscription?.status === 'trialing' && subscription.trialEnd ? `, trial until ${new Date(subscription.trialEnd).toLocaleDateString('en-US', { dateStyle: 'medium' })}` : ''}
        </p>
        <p className="muted">
          {me.credentialCount} credential{me.credentialCount === 1 ? '' : 's'}, {me.verificationStatus}. <a href="/billing">Change the plan or see invoices</a> on Billing.
        </p>
      </section>
    </div>
  );
}
