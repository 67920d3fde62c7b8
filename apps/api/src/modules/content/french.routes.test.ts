import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages as c } from '@meltway/shared/common/messages';
import { actorOf, createTestApp, issue, requester, type Session, type TestApp } from '../../test/harness.js';
import { form } from '../../test/catalogue-fixtures.js';

describe('French texts of the help centre', () => {
  let t: TestApp;
  let admin: Session;
  const req = requester(() => t);
  const names = (res: { json: () => { name: string }[] }) => res.json().map((a) => a.name).sort();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
  });
  afterAll(() => t.close());

  it('stores an article’s French title and text (multipart), returns them, and clears them when sent blank', async () => {
    const res = await req(
      'POST',
      '/api/v1/helpcenter',
      admin,
      form({ name: 'Sizing a Driveway System', nameFr: 'Dimensionner un système pour l’entrée', description: 'Measure the heated area.', descriptionFr: 'Mesurez la surface chauffée.' }),
    );
    expect(res.statusCode).toBe(201);
    const article = res.json();
    expect(article).toMatchObject({ slug: 'sizing-a-driveway-system', nameFr: 'Dimensionner un système pour l’entrée', descriptionFr: 'Mesurez la surface chauffée.' });
    expect((await req('GET', `/api/v1/helpcenter/${article.slug}`)).json()).toMatchObject({ nameFr: article.nameFr, descriptionFr: article.descriptionFr });
    const edited = await req('PUT', `/api/v1/helpcenter/${article.id}`, admin, form({ descriptionFr: '' }));
    expect(edited.json()).toMatchObject({ nameFr: article.nameFr, descriptionFr: null });
    const plain = await req('POST', '/api/v1/helpcenter', admin, { name: 'English Only', description: 'Nothing in French yet.' });
    expect(plain.json()).toMatchObject({ nameFr: null, descriptionFr: null });
  });

  it('refuses French texts that are too long', async () => {
    const res = await req('POST', '/api/v1/helpcenter', admin, form({ name: 'Long', description: 'Text', nameFr: 'é'.repeat(201), descriptionFr: 'x'.repeat(50_001) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([issue('nameFr', c.frenchTooLong200), issue('descriptionFr', c.frenchTooLong50000)]);
    const faq = await req('POST', '/api/v1/faq', admin, { name: 'Q?', description: 'A.', nameFr: 'q'.repeat(501) });
    expect(faq.statusCode).toBe(400);
    expect(faq.json().issues).toEqual([issue('nameFr', c.frenchTooLong500)]);
  });

  it('searches articles in the page’s language, accents and case aside, falling back to English texts', async () => {
    await req('POST', '/api/v1/helpcenter', admin, { name: 'Ground-Fault Protection', nameFr: 'Protection contre les défauts à la terre', description: 'Every circuit needs a 30 mA device.', descriptionFr: 'Chaque circuit exige un dispositif de 30 mA.' });
    await req('POST', '/api/v1/helpcenter', admin, { name: 'Élite Controllers', description: 'Setting up the snow sensor.' });

    for (const q of ['defauts', 'DÉFAUTS terre', 'dispositif', 'Défaut']) {
      expect(names(await req('GET', `/api/v1/helpcenter?lang=fr&q=${encodeURIComponent(q)}`)), q).toEqual(['Ground-Fault Protection']);
    }
    // No French: the English title and text serve on French pages.
    expect(names(await req('GET', '/api/v1/helpcenter?lang=fr&q=elite'))).toEqual(['Élite Controllers']);
    expect(names(await req('GET', '/api/v1/helpcenter?lang=fr&q=SNOW%20sensor'))).toEqual(['Élite Controllers']);
    // Each language searches its own texts.
    expect(names(await req('GET', '/api/v1/helpcenter?lang=fr&q=ground-fault'))).toEqual([]);
    expect(names(await req('GET', '/api/v1/helpcenter?q=ground-fault'))).toEqual(['Ground-Fault Protection']);
    expect(names(await req('GET', '/api/v1/helpcenter?lang=en&q=defauts'))).toEqual([]);
    expect((await req('GET', '/api/v1/helpcenter?lang=es')).json().issues).toEqual([issue('lang', c.langInvalid)]);
  });

  it('stores the French of FAQs and searches questions and answers in the page’s language', async () => {
    const res = await req('POST', '/api/v1/faq', admin, form({ name: 'Can a mat be cut?', nameFr: 'Peut-on couper un tapis?', description: 'No: mats come in fixed lengths.', descriptionFr: 'Non : les tapis ont des longueurs fixes.' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ nameFr: 'Peut-on couper un tapis?', descriptionFr: 'Non : les tapis ont des longueurs fixes.' });
    await req('POST', '/api/v1/faq', admin, { name: 'What does a season cost?', description: 'About 80 full-load hours.' });

    const french = await req('GET', '/api/v1/faq?lang=fr&q=LONGUEURS');
    expect(french.json().map((f: { name: string }) => f.name)).toEqual(['Can a mat be cut?']);
    expect((await req('GET', '/api/v1/faq?lang=fr&q=full-load')).json().map((f: { name: string }) => f.name)).toEqual(['What does a season cost?']);
    expect((await req('GET', '/api/v1/faq?lang=fr&q=fixed')).json()).toEqual([]);

    const edited = await req('PUT', `/api/v1/faq/${res.json().id}`, admin, { nameFr: 'Peut-on raccourcir un tapis?' });
    expect(edited.json()).toMatchObject({ name: 'Can a mat be cut?', nameFr: 'Peut-on raccourcir un tapis?', descriptionFr: 'Non : les tapis ont des longueurs fixes.' });
  });
});
