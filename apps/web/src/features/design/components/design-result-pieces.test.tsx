import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { calculateDesign } from '@meltway/shared/design/calculate';
import { DesignInput } from '@meltway/shared/design/design.schema';
import { DEMO_CATALOGUE } from '@meltway/shared/design/test/catalogue';
import frDesign from '@/locales/fr/design.json';
import { ChecksSection } from './advice-section';
import { AreaPlans } from './area-plans';
import { HeatFluxSection } from './heat-flux-section';

// The 6 × 10 m driveway of mats: 394.7 W/m² over the whole area (5.3 short of 400) and 98.67 A on the service.
const driveway = calculateDesign(
  DesignInput.parse({ classDensityWm2: 400, snowFreeRatio: 0, voltage: 240, system: 'mat', areas: [{ name: 'Driveway', widthM: 6, lengthM: 10 }] }),
  DEMO_CATALOGUE,
);
const typed = calculateDesign(
  DesignInput.parse({ weather: { snowfallMmPerHour: 2, airTempC: -6.7, windMs: 5, humidityPct: 80 }, snowFreeRatio: 1, voltage: 240, areas: [{ name: 'Walk', widthM: 3, lengthM: 12 }] }),
  DEMO_CATALOGUE,
);

describe('the result of a design', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows the service warning as a warning, not as a failed rule', () => {
    render(<ChecksSection checks={driveway.checks} />);
    // One failed rule (the design density over the whole area) and one warning.
    expect(screen.getByText(/1 check failed\. 1 warning to act on\./)).toBeInTheDocument();
    const service = screen.getByText('Electrical service').closest('li')!;
    expect(within(service).getByText('Warning:')).toBeInTheDocument();
    expect(within(service).getByText(/98\.67 A at 240 V, more than the 80 A we check a home against: an electrician must assess/)).toBeInTheDocument();
    const density = screen.getByText('Design density reached').closest('li')!;
    expect(within(density).getByText('Failed:')).toBeInTheDocument();
    expect(within(density).getByText(/394\.7 W\/m² over the whole area, 5\.3 W\/m² short/)).toBeInTheDocument();
  });

  it('says in French that the service must be assessed by an electrician', async () => {
    i18n.addResourceBundle('fr', 'design', frDesign, true, true);
    await i18n.changeLanguage('fr');
    render(<ChecksSection checks={driveway.checks} />);
    expect(screen.getByText('Avertissement :')).toBeInTheDocument();
    expect(screen.getByText(/un électricien doit évaluer l’entrée électrique/)).toBeInTheDocument();
  });

  it('gives each area its density over the whole area, its heated share and its own design flux', () => {
    render(<AreaPlans areas={driveway.areas} unit="m" />);
    expect(screen.getByText('Density over the whole area').nextSibling).toHaveTextContent('395 W/m²');
    expect(screen.getByText('Heated share of the area').nextSibling).toHaveTextContent('96%');
    expect(screen.getByText('Design flux of this area').nextSibling).toHaveTextContent('400 W/m²');
  });

  it('says which method gave the heat flux', () => {
    const { unmount } = render(<HeatFluxSection heatFlux={typed.heatFlux} />);
    expect(screen.getByText('Heat balance from the weather you typed')).toBeInTheDocument();
    unmount();
    render(<HeatFluxSection heatFlux={driveway.heatFlux} />);
    expect(screen.getByText(/Class density: no snowfall design weather is published for this city/)).toBeInTheDocument();
  });
});
