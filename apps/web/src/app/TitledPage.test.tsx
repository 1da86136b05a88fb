import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { TitledPage } from './TitledPage.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('TitledPage', () => {
  it("sets the document title to '<title> | Sitepulse'", () => {
    render(
      <TitledPage titleKey="titles.jobSiteMembers">
        <p>x</p>
      </TitledPage>,
    );
    expect(document.title).toBe('JOB SITE MEMBERS | Sitepulse');
  });

  it('translates the title', async () => {
    await i18n.changeLanguage('es');
    render(
      <TitledPage titleKey="titles.noAccess">
        <p>x</p>
      </TitledPage>,
    );
    expect(document.title).toBe('Sin acceso | Sitepulse');
  });
});
