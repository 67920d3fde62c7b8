/**
 * Every sentence the engine writes, by stable code, in English with `{param}` placeholders; `text` in a result
 * is the English filled in by `explain` (engine-texts.ts). Their French is `ENGINE_TEXTS_FR`, by the same codes;
 * `engineSentence` writes either the reader's way. Rename a code only with its translation.
 */
export const ENGINE_TEXTS = {
  // Steps of the calculation
  stepWeatherTyped: 'Design weather typed in: snowfall {snowfall} mm/h of water, air {airTemp} °C, wind {wind} m/s, relative humidity {humidity}%',
  stepWeatherCity: 'Design weather of {city}: snowfall {snowfall} mm/h of water, air {airTemp} °C, wind {wind} m/s, relative humidity {humidity}% ({source})',
  stepClassDensity: 'No design weather: the design density is the class density chosen, {density} W/m² (residential 300-400, commercial 400-500, critical 500-650 W/m²)',
  stepHeatBalance:
    'ASHRAE heat balance: q_o = q_s + q_m + A_r(q_e + q_h) = {sensible} + {melting} + {ratio} × ({evaporation} + {convection}) = {surface} W/m²; with {backLoss}% for back and edge losses the design density is {design} W/m²',
  stepVoltageRated:
    'At {voltage} V: a mat or cable is used only at a voltage it is rated for or below it (down to 80% of its lowest rating), never above, and re-rated from its figures P = P_f·(V/V_f)², I = P/V; {mats} mats and {cables} cables of the catalogue qualify',
  // Kept for designs saved before heaters were held to their rated voltages.
  stepVoltage:
    'At {voltage} V: a product rated V_r is used from 0.8·V_r to 1.2·V_r and re-rated P = P_r·(V/V_r)², I = P/V; {mats} mats and {cables} cables of the catalogue qualify',
  stepArea: '{area}: {areaM2} m², {system}, {heated} m² heated ({coverage}% of the area), {watts} W, {amps} A, {density} W/m²',
  stepCircuits:
    'Circuits: {count}; the mats and reels grouped first-fit decreasing into circuits of at most {binAmps} A (80% of a {maxBreaker} A breaker), then each circuit on the smallest GFEP breaker whose 80% carries its load',
  stepSurface: 'Embedment in {surface}: {depth}',
  stepControl: 'Control: {controlName}; the controller relay carries {relay} A',
  stepBom: 'Bill of materials from the live catalogue: {price} in all (lines: {lines})',
  stepSeasonHoursCity:
    'Season hours, an estimate for {city}: 80 h × {notRain} mm ÷ {reference} mm = {light} h (light season) and 200 h × {notRain} mm ÷ {reference} mm = {average} h (average season) on a snow sensor; {notRain} mm is the annual precipitation not falling as rain (total {total} mm − rain {rain} mm, {source}); that the 80 h and 200 h belong to {reference} mm, the median of the 40 Canadian cities, is our assumption, since their source names no climate',
  stepSeasonHoursUnscaled: 'Season hours: 80 h (light season) and 200 h (average season) on a snow sensor, with no climate scaling applied, since no climate figure is known for {city}',
  stepRunningCost: 'Running cost: {kw} kW × full-load hours (light season {light} h, average {average} h on a snow sensor) × {cents} ¢/kWh',
  stepRunningCostUnknown: 'Running cost: {kw} kW × full-load hours (light season {light} h, average {average} h on a snow sensor); no electricity price is known for {province}',
  stepControllerCold:
    'Controller in {city}: the January design temperature is {jan25} °C (2.5%) and {jan1} °C (1%) ({source}); set the controller’s low-temperature cutoff and cold start for a January design temperature of {jan25} °C, by its maker’s instructions (no source we can quote gives a cutoff temperature). This temperature is not snowfall weather and does not enter the design heat flux',

  // Notes of an area
  areaMats: 'Mats: {count}, in strips {width} m wide along the {axis}: {covered} m² of {areaM2} m² covered ({coverage}%); {watts} W at {voltage} V, {density} W/m² of mat',
  areaCableSpacing:
    'Cable spacing s = {wpm} W/m ÷ {design} W/m² = {raw} mm, kept within 25-102 mm: {spacing} mm; needed length = {heated} m² ÷ {spacing} mm = {needed} m',
  areaCableReels: 'Reels {reels}: {length} m in all; actual spacing = {heated} m² ÷ {length} m = {actual} mm; density = {wpm} W/m ÷ {actual} mm = {density} W/m²',
  areaCableHeated: 'Heated area = {areaM2} m² less the 100 mm edge band and the 100 mm clearance around the exclusions ({exclusions}) = {heated} m²',
  areaAutoMat: '{area}: mats, since at {voltage} V they give {matDensity} W/m² for a design of {design} W/m² and cover {coverage}% of this rectangle (80% or more needed)',
  areaAutoMatOnly: '{area}: mats, the only heating of the catalogue that fits here: {matDensity} W/m² at {voltage} V for a design of {design} W/m², over {coverage}% of the area',
  areaAutoCableDensity: '{area}: cable, since mats give {matDensity} W/m² at {voltage} V, less than the design {design} W/m²; cable reaches it by its spacing',
  areaAutoCableCoverage: '{area}: cable, since mats would cover only {coverage}% of this area (80% needed); cable follows any shape',
  areaAutoCableShape: '{area}: cable, since mats are proposed for rectangles only and this is a drawn shape; cable follows any shape',
  areaAutoCableNoMat: '{area}: cable, since no mat of the catalogue fits this area at {voltage} V',
  areaDensityShort: 'At {voltage} V this {system} gives {density} W/m², less than the design {design} W/m²',
  areaCableLimit: 'The closest spacing allowed here is {spacing} mm, to stay within 25 mm and 1,300 W/m²',
  areaHeatBalance: '{area}: its own heat balance, with L = {length} m, its shorter side or, drawn, its mean width where less (at least 1 m, the safer length): q_e = {evaporation} W/m², q_h = {convection} W/m²; design density {design} W/m²',
  areaWhole: '{area}: {watts} W over the whole {net} m² (net of the exclusions) = {whole} W/m²; {fraction}% of it heated',
  areaWholeShort: 'At {voltage} V this {system} gives {whole} W/m² over the whole area, {short} W/m² less than the design {design} W/m²',
  areaAutoMatWhole:
    '{area}: mats, since at {voltage} V they give {whole} W/m² over the whole area for a design of {design} W/m² ({matDensity} W/m² of mat over {coverage}% of this rectangle, 80% or more needed)',
  areaAutoCableWhole:
    '{area}: cable, since the mats that fit give {whole} W/m² over the whole area at {voltage} V ({matDensity} W/m² of mat over {coverage}% of it), less than the design {design} W/m²; cable reaches it by its spacing',
  areaCableSpacingWhole:
    'Cable spacing s = {wpm} W/m ÷ {target} W/m² = {raw} mm, where {target} W/m² = {design} W/m² × {net} m² (the whole area) ÷ {heated} m² (heated), kept within 25-102 mm: {spacing} mm; needed length = {heated} m² ÷ {spacing} mm = {needed} m',
  // Kept for designs saved before the design density was judged over the whole area: areaAutoMat,
  // areaAutoCableDensity, areaCableSpacing, areaDensityShort, checkDesignDensity, checkDesignDensityShort.
  areaCableDrawnWider: 'The plan draws the runs {drawn} mm apart, fewer than are laid, so that it stays readable; the cable is laid {actual} mm apart',

  // Bill of materials
  bomTape: '{area}: strapping across the cable runs every {every} m (our assumption): {heated} m² ÷ {every} m = {length} m, in rolls of {roll} m: {rolls}',
  bomTapeRoll: '{area}: one roll of mounting tape (the catalogue does not give its length)',

  // Checks: titles, then details
  ruleMaxDensity: 'Density at most 1,300 W/m²',
  ruleBreaker: 'Circuit load at most 80% of its breaker',
  ruleGfep: '30 mA GFEP breaker on every circuit',
  ruleBreakerSize: 'Breaker size available',
  ruleNoCut: 'No mat or cable cut',
  ruleSpacing: 'Cable spacing from 25 mm to 102 mm',
  ruleClearance: 'Clearances kept',
  ruleContactor: 'Contactor beyond the controller relay',
  ruleSign: 'Warning sign per area',
  ruleDesignDensity: 'Design density reached',
  ruleCatalogue: 'Every item in the catalogue',
  ruleService: 'Electrical service',
  checkMaxDensity: '{area}: {density} W/m², within 1,300 W/m²',
  checkBreaker: 'Circuit {circuit}: {load} A on a {breaker} A breaker carries at most {max} A',
  checkGfep: 'Circuit {circuit}: a {breaker} A, 30 mA GFEP breaker',
  checkBreakerSizeOk: 'Every breaker size needed is in the catalogue',
  checkBreakerSizeMissing: 'Circuit {circuit} needs a {needed} A GFEP breaker; the catalogue has none, so the {used} A one is listed',
  checkBreakerNone: 'Circuit {circuit} needs a {needed} A GFEP breaker and the catalogue has no GFEP breaker',
  checkNoCut: 'Mats and cable reels: {count}, each used whole at its catalogue size',
  checkSpacing: '{area}: {spacing} mm',
  checkSpacingOut: '{area}: {spacing} mm is outside 25-102 mm',
  checkClearanceMats: '{area}: mats stay inside the area and at least 100 mm from the exclusions ({exclusions})',
  checkClearanceCable: '{area}: cable stays 100 mm from the edges and from the exclusions ({exclusions})',
  checkContactorNone: 'Load {load} A, within the controller relay ({relay} A): no contactor needed',
  checkContactor: 'Circuits beyond the controller relay ({relay} A): {circuits}, switched by contactor panels: {panels}',
  checkContactorMissing: 'Circuits beyond the controller relay ({relay} A): {circuits}; they need a contactor panel and the catalogue has none',
  checkSign: '{area}: one "Electrically heated surface" warning sign',
  checkSignMissing: '{area}: the catalogue has no warning sign',
  checkDesignDensity: '{area}: {density} W/m² for a design density of {design} W/m²',
  checkDesignDensityShort: '{area}: {density} W/m², less than the design density of {design} W/m²',
  checkCatalogueOk: 'Every item of the design is in the catalogue',
  checkCatalogueMissing: 'Not in the catalogue: {missing}',
  checkDesignDensityWhole: '{area}: {whole} W/m² over the whole area for a design density of {design} W/m² ({fraction}% heated, at {density} W/m²)',
  checkDesignDensityWholeShort: '{area}: {whole} W/m² over the whole area, {short} W/m² short of the design density of {design} W/m² ({fraction}% heated, at {density} W/m²)',
  checkServiceTotal: 'The design draws {amps} A at {voltage} V on the electrical service; enter the service size to check it',
  checkServiceWithin: 'The design draws {amps} A at {voltage} V, within {limit} A (80% of a {service} A service, for a continuous load)',
  checkServiceOver:
    'The design draws {amps} A at {voltage} V, more than {limit} A (80% of a {service} A service, for a continuous load): an electrician must assess the electrical service before it is installed',
  checkServiceWithinResidential: 'The design draws {amps} A at {voltage} V, within the {limit} A we check a home against when no service size is entered',
  checkServiceOverResidential:
    'The design draws {amps} A at {voltage} V, more than the {limit} A we check a home against: an electrician must assess the electrical service before it is installed',

  // Running cost, by control
  costSensor: 'A snow sensor runs the system only while it snows and until the surface is clear: 1× the season’s full-load hours',
  costAmbient: 'An ambient thermostat runs whenever it is cold: 2 to 10 times a snow sensor’s hours, since freezing hours outnumber snowfall hours',
  costManual: 'Assumption: a manual timer is started when it snows and runs its set time after the snow stops: 1 to 2 times a snow sensor’s hours',

  // Recommendations
  recControl: 'Controller: {controlName}, the lowest running cost that suits a {class} design ({average} for an average season); its parts cost {price}',
  recControlNoPrice:
    'Controller: {controlName}, the fewest hours of operation that suit a {class} design ({kwh} kWh for an average season; enter your electricity price to see its cost); its parts cost {price}',
  recControlNone: 'No controller of the catalogue suits a {class} design',
  recVoltage: 'At {voltage} V: {density} W/m², {amps} A in all, circuits: {circuits}, on breakers of {breakers} A',
  recVoltageUnsupported: 'At {voltage} V no mat or cable of the catalogue qualifies: their ratings are {ratings} V, and a heater runs at its rating or below it (down to 80% of it), never above',
  recVoltageRefused: 'At {voltage} V the design is refused: {reason}',
  recClass: 'As a {class} design: {design} W/m² and {price}',
  recClassRefused: 'As a {class} design: refused, {reason}',
  recStock: '{name}: {quantity} needed, {stock} in stock; order ahead or expect a delay',
} as const;

export type EngineTextCode = keyof typeof ENGINE_TEXTS;
