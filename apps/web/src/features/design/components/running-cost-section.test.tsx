import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { calculateDesign } from '@meltway/shared/design/calculate';
import { DesignInput, type DesignInput as DesignInputType } from '@meltway/shared/design/design.schema';
import { DEMO_CATALOGUE } from '@meltway/shared/design/test/catalogue';
import frDesign from '@/locales/fr/design.json';
import { RunningCostSection } from './running-cost-section';

const site: DesignInputType = { classDensityWm2: 400, snowFreeRatio: 0, voltage: 240, areas: [{ name: 'Driveway', widthM: 3, lengthM: 12 }] };
const costOf = (input: Partial<DesignInputType>) => calculateDesign(DesignInput.parse({ ...site, ...input }), DEMO_CATALOGUE).runningCost;

describe('the running cost', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('asks for the price where none is known, shows the kWh and no $0.00', () => {
    // Yellowknife: no price for NT; 80 h × 100 mm ÷ 150 mm = 53 h, 200 h × 100 ÷ 150 = 133 h.
    const cost = costOf({ city: 'yellowknife-nt' });
    render(<RunningCostSection runningCost={cost} />);
    expect(screen.getByText(/No electricity price is known for NT: enter your electricity price to see the cost/)).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
    const aerial = cost.controls.find((c) => c.control === 'aerial')!;
    expect(screen.getAllByText(`${new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 }).format(aerial.average.kwhMax)} kWh`).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('labels the hours an estimate for a Canadian city, with the formula, its numbers and the assumption', () => {
    render(<RunningCostSection runningCost={costOf({ city: 'vancouver-bc' })} />);
    expect(screen.getByText('Estimate.')).toBeInTheDocument();
    expect(screen.getByText(/Hours for Vancouver: 80 h × 75 mm ÷ 150 mm = 40 h \(light season\) and 200 h × 75 mm ÷ 150 mm = 100 h/)).toBeInTheDocument();
    expect(screen.getByText(/Our assumption: the 80 h and 200 h seasons belong to 150 mm/)).toBeInTheDocument();
    expect(screen.getByText(/National Building Code of Canada 2020/)).toBeInTheDocument();
    // British Columbia has a price: the costs are shown.
    expect(screen.getAllByText(/\$/).length).toBeGreaterThan(0);
  });

  it('says no climate scaling was applied without a city', () => {
    render(<RunningCostSection runningCost={costOf({ electricityCentsPerKwh: 15 })} />);
    expect(screen.getByText(/Hours: 80 h \(light season\) and 200 h \(average season\) on a snow sensor\. No climate scaling was applied/)).toBeInTheDocument();
    expect(screen.queryByText('Estimate.')).not.toBeInTheDocument();
  });

  it('asks for the price in French', async () => {
    i18n.addResourceBundle('fr', 'design', frDesign, true, true);
    await i18n.changeLanguage('fr');
    render(<RunningCostSection runningCost={costOf({ city: 'buffalo-ny' })} />);
    expect(screen.getByText(/entrez votre prix de l’électricité pour voir le coût/)).toBeInTheDocument();
    expect(screen.getByText(/Aucun ajustement au climat n’a été appliqué/)).toBeInTheDocument();
  });
});
