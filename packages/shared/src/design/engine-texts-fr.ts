import type { EngineTextCode } from './engine-texts-en.js';

/** The params whose value is one of the engine's words rather than a name or a number. */
export type EngineWordParam = 'system' | 'class' | 'control' | 'axis' | 'city' | 'surface' | 'controlName' | 'depth';

/**
 * Every sentence of the engine in French, by the same codes and with the same `{param}` placeholders as
 * `ENGINE_TEXTS`: the one place both the web and the permit pack read them from.
 */
export const ENGINE_TEXTS_FR: Record<EngineTextCode, string> = {
  // Steps of the calculation
  stepWeatherTyped: "Météo de calcul tapée : chute de neige {snowfall} mm/h d’eau, air {airTemp} °C, vent {wind} m/s, humidité relative {humidity} %",
  stepWeatherCity: "Météo de calcul de {city} : chute de neige {snowfall} mm/h d’eau, air {airTemp} °C, vent {wind} m/s, humidité relative {humidity} % ({source})",
  stepClassDensity: 'Aucune météo de calcul : la densité de calcul est la densité de classe choisie, {density} W/m² (résidentiel 300 à 400, commercial 400 à 500, critique 500 à 650 W/m²)',
  stepHeatBalance: 'Bilan thermique ASHRAE : q_o = q_s + q_m + A_r(q_e + q_h) = {sensible} + {melting} + {ratio} × ({evaporation} + {convection}) = {surface} W/m²; avec {backLoss} % de pertes arrière et de bord, la densité de calcul est de {design} W/m²',
  stepVoltageRated:
    "À {voltage} V : un tapis ou un câble ne s’emploie qu’à une tension pour laquelle il est homologué ou en dessous (jusqu’à 80 % de sa plus basse), jamais au-dessus, sa puissance recalculée d’après ses données P = P_f·(V/V_f)², I = P/V; {mats} tapis et {cables} câbles du catalogue conviennent",
  stepVoltage: "À {voltage} V : un produit de tension nominale V_r s’emploie de 0,8·V_r à 1,2·V_r, sa puissance recalculée P = P_r·(V/V_r)², I = P/V; {mats} tapis et {cables} câbles du catalogue conviennent",
  stepArea: '{area} : {areaM2} m², {system}, {heated} m² chauffés ({coverage} % de la surface), {watts} W, {amps} A, {density} W/m²',
  stepCircuits: "Circuits : {count}; les tapis et les rouleaux sont regroupés par ordre décroissant (first-fit decreasing) en circuits d’au plus {binAmps} A (80 % d’un disjoncteur de {maxBreaker} A), puis chaque circuit va sur le plus petit disjoncteur GFEP dont 80 % porte sa charge",
  stepSurface: 'Pose dans le {surface} : {depth}',
  stepControl: 'Commande : {controlName}; le relais de la commande porte {relay} A',
  stepBom: 'Liste de matériel tirée du catalogue en vigueur : {price} en tout (lignes : {lines})',
  stepSeasonHoursCity:
    "Heures de la saison, une estimation pour {city} : 80 h × {notRain} mm ÷ {reference} mm = {light} h (saison légère) et 200 h × {notRain} mm ÷ {reference} mm = {average} h (saison moyenne) avec un détecteur de neige; {notRain} mm est la part des précipitations annuelles qui ne tombe pas en pluie (total {total} mm − pluie {rain} mm, {source}); que les 80 h et 200 h correspondent à {reference} mm, la médiane des 40 villes canadiennes, est notre hypothèse, car leur source ne nomme aucun climat",
  stepSeasonHoursUnscaled: "Heures de la saison : 80 h (saison légère) et 200 h (saison moyenne) avec un détecteur de neige, sans ajustement au climat, car aucune donnée climatique n’est connue pour {city}",
  stepRunningCost: "Coût d’utilisation : {kw} kW × heures à pleine charge (saison légère {light} h, moyenne {average} h avec un détecteur de neige) × {cents} ¢/kWh",
  stepRunningCostUnknown: "Coût d’utilisation : {kw} kW × heures à pleine charge (saison légère {light} h, moyenne {average} h avec un détecteur de neige); aucun prix de l’électricité n’est connu pour {province}",
  stepControllerCold:
    "Commande à {city} : la température de calcul de janvier est de {jan25} °C (2,5 %) et de {jan1} °C (1 %) ({source}); réglez la coupure basse température et le démarrage à froid de la commande pour une température de calcul de janvier de {jan25} °C, selon les instructions de son fabricant (aucune source que nous puissions citer ne donne de température de coupure). Cette température n’est pas une météo de chute de neige et n’entre pas dans le flux thermique de calcul",

  // Notes of an area
  areaMats: 'Tapis : {count}, en bandes de {width} m de large dans le sens {axis} : {covered} m² couverts sur {areaM2} m² ({coverage} %); {watts} W à {voltage} V, {density} W/m² de tapis',
  areaCableSpacing: 'Espacement du câble s = {wpm} W/m ÷ {design} W/m² = {raw} mm, gardé entre 25 et 102 mm : {spacing} mm; longueur nécessaire = {heated} m² ÷ {spacing} mm = {needed} m',
  areaCableReels: 'Rouleaux {reels} : {length} m en tout; espacement réel = {heated} m² ÷ {length} m = {actual} mm; densité = {wpm} W/m ÷ {actual} mm = {density} W/m²',
  areaCableHeated: 'Surface chauffée = {areaM2} m² moins la bande de 100 mm le long des bords et le dégagement de 100 mm autour des obstacles ({exclusions}) = {heated} m²',
  areaAutoMat: '{area} : tapis, car à {voltage} V ils donnent {matDensity} W/m² pour un calcul de {design} W/m² et couvrent {coverage} % de ce rectangle (80 % ou plus requis)',
  areaAutoMatOnly: '{area} : tapis, seul chauffage du catalogue qui convient ici : {matDensity} W/m² à {voltage} V pour un calcul de {design} W/m², sur {coverage} % de la surface',
  areaAutoCableDensity: '{area} : câble, car les tapis donnent {matDensity} W/m² à {voltage} V, moins que les {design} W/m² de calcul; le câble les atteint par son espacement',
  areaAutoCableCoverage: "{area} : câble, car les tapis ne couvriraient que {coverage} % de cette surface (80 % requis); le câble suit n’importe quelle forme",
  areaAutoCableShape: "{area} : câble, car les tapis ne sont proposés que pour des rectangles et ceci est une forme dessinée; le câble suit n’importe quelle forme",
  areaAutoCableNoMat: '{area} : câble, car aucun tapis du catalogue ne convient à cette surface à {voltage} V',
  areaDensityShort: 'À {voltage} V, ce {system} donne {density} W/m², moins que les {design} W/m² de calcul',
  areaCableLimit: "L’espacement le plus serré permis ici est de {spacing} mm, pour rester à 25 mm ou plus et à 1 300 W/m² ou moins",
  areaHeatBalance: '{area} : son propre bilan thermique, avec L = {length} m, son petit côté ou, pour un tracé, sa largeur moyenne si elle est moindre (au moins 1 m, la longueur la plus sûre) : q_e = {evaporation} W/m², q_h = {convection} W/m²; densité de calcul {design} W/m²',
  areaWhole: '{area} : {watts} W sur toute la surface de {net} m² (obstacles déduits) = {whole} W/m²; {fraction} % en est chauffé',
  areaWholeShort: 'À {voltage} V, ce {system} donne {whole} W/m² sur toute la surface, {short} W/m² de moins que les {design} W/m² de calcul',
  areaAutoMatWhole:
    '{area} : tapis, car à {voltage} V ils donnent {whole} W/m² sur toute la surface pour un calcul de {design} W/m² ({matDensity} W/m² de tapis sur {coverage} % de ce rectangle, 80 % ou plus requis)',
  areaAutoCableWhole:
    '{area} : câble, car les tapis qui conviennent donnent {whole} W/m² sur toute la surface à {voltage} V ({matDensity} W/m² de tapis sur {coverage} % de celle-ci), moins que les {design} W/m² de calcul; le câble les atteint par son espacement',
  areaCableSpacingWhole:
    'Espacement du câble s = {wpm} W/m ÷ {target} W/m² = {raw} mm, où {target} W/m² = {design} W/m² × {net} m² (toute la surface) ÷ {heated} m² (chauffés), gardé entre 25 et 102 mm : {spacing} mm; longueur nécessaire = {heated} m² ÷ {spacing} mm = {needed} m',
  areaCableDrawnWider: 'Le plan trace les passes à {drawn} mm, moins nombreuses que celles posées, pour rester lisible; le câble est posé à {actual} mm',

  // Bill of materials
  bomTape: '{area} : feuillard posé en travers des passes de câble tous les {every} m (notre hypothèse) : {heated} m² ÷ {every} m = {length} m, en rouleaux de {roll} m : {rolls}',
  bomTapeRoll: '{area} : un rouleau de ruban de fixation (le catalogue ne donne pas sa longueur)',

  // Checks: titles, then details
  ruleMaxDensity: "Densité d’au plus 1 300 W/m²",
  ruleBreaker: "Charge du circuit d’au plus 80 % de son disjoncteur",
  ruleGfep: 'Disjoncteur GFEP de 30 mA sur chaque circuit',
  ruleBreakerSize: 'Calibre de disjoncteur offert',
  ruleNoCut: 'Aucun tapis ni câble coupé',
  ruleSpacing: 'Espacement du câble de 25 mm à 102 mm',
  ruleClearance: 'Dégagements respectés',
  ruleContactor: 'Contacteur au-delà du relais de la commande',
  ruleSign: "Panneau d’avertissement par surface",
  ruleDesignDensity: 'Densité de calcul atteinte',
  ruleCatalogue: 'Chaque article au catalogue',
  ruleService: 'Entrée électrique',
  checkMaxDensity: '{area} : {density} W/m², sous la limite de 1 300 W/m²',
  checkBreaker: 'Circuit {circuit} : {load} A sur un disjoncteur de {breaker} A, qui porte au plus {max} A',
  checkGfep: 'Circuit {circuit} : un disjoncteur GFEP de {breaker} A, 30 mA',
  checkBreakerSizeOk: 'Chaque calibre de disjoncteur nécessaire est au catalogue',
  checkBreakerSizeMissing: "Le circuit {circuit} demande un disjoncteur GFEP de {needed} A; le catalogue n’en a pas, celui de {used} A est donc indiqué",
  checkBreakerNone: "Le circuit {circuit} demande un disjoncteur GFEP de {needed} A et le catalogue n’a aucun disjoncteur GFEP",
  checkNoCut: 'Tapis et rouleaux de câble : {count}, chacun employé entier à sa taille du catalogue',
  checkSpacing: '{area} : {spacing} mm',
  checkSpacingOut: '{area} : {spacing} mm est hors de la plage de 25 à 102 mm',
  checkClearanceMats: '{area} : les tapis restent dans la surface et à au moins 100 mm des obstacles ({exclusions})',
  checkClearanceCable: '{area} : le câble reste à 100 mm des bords et des obstacles ({exclusions})',
  checkContactorNone: 'Charge de {load} A, sous le calibre du relais de la commande ({relay} A) : aucun contacteur nécessaire',
  checkContactor: 'Circuits au-delà du relais de la commande ({relay} A) : {circuits}, commutés par des panneaux de contacteurs : {panels}',
  checkContactorMissing: "Circuits au-delà du relais de la commande ({relay} A) : {circuits}; ils demandent un panneau de contacteurs et le catalogue n’en a pas",
  checkSign: "{area} : un panneau d’avertissement « Surface chauffée électriquement »",
  checkSignMissing: "{area} : le catalogue n’a aucun panneau d’avertissement",
  checkDesignDensity: '{area} : {density} W/m² pour une densité de calcul de {design} W/m²',
  checkDesignDensityShort: '{area} : {density} W/m², moins que la densité de calcul de {design} W/m²',
  checkCatalogueOk: 'Chaque article de la conception est au catalogue',
  checkCatalogueMissing: 'Absent du catalogue : {missing}',
  checkDesignDensityWhole: '{area} : {whole} W/m² sur toute la surface pour une densité de calcul de {design} W/m² ({fraction} % chauffé, à {density} W/m²)',
  checkDesignDensityWholeShort: '{area} : {whole} W/m² sur toute la surface, {short} W/m² de moins que la densité de calcul de {design} W/m² ({fraction} % chauffé, à {density} W/m²)',
  checkServiceTotal: "La conception tire {amps} A à {voltage} V sur l’entrée électrique; indiquez la taille de l’entrée pour la vérifier",
  checkServiceWithin: "La conception tire {amps} A à {voltage} V, sous les {limit} A permis (80 % d’une entrée de {service} A, pour une charge continue)",
  checkServiceOver:
    "La conception tire {amps} A à {voltage} V, plus que {limit} A (80 % d’une entrée de {service} A, pour une charge continue) : un électricien doit évaluer l’entrée électrique avant l’installation",
  checkServiceWithinResidential: "La conception tire {amps} A à {voltage} V, sous les {limit} A auxquels nous comparons une maison quand la taille de l’entrée n’est pas indiquée",
  checkServiceOverResidential:
    "La conception tire {amps} A à {voltage} V, plus que les {limit} A auxquels nous comparons une maison : un électricien doit évaluer l’entrée électrique avant l’installation",

  // Running cost, by control
  costSensor: "Un détecteur de neige ne fait fonctionner le système que pendant la chute de neige et jusqu’à ce que la surface soit dégagée : 1 fois les heures à pleine charge de la saison",
  costAmbient: "Un thermostat ambiant fonctionne dès qu’il fait froid : 2 à 10 fois les heures d’un détecteur de neige, car les heures de gel dépassent de loin les heures de chute de neige",
  costManual: "Hypothèse : une minuterie manuelle est lancée quand il neige et fonctionne pendant le temps réglé après la fin de la chute : 1 à 2 fois les heures d’un détecteur de neige",

  // Recommendations
  recControl: "Commande : {controlName}, le plus faible coût d’utilisation qui convient à une conception {class} ({average} pour une saison moyenne); ses pièces coûtent {price}",
  recControlNoPrice:
    "Commande : {controlName}, le moins d’heures de fonctionnement qui convienne à une conception {class} ({kwh} kWh pour une saison moyenne; entrez votre prix de l’électricité pour en voir le coût); ses pièces coûtent {price}",
  recControlNone: 'Aucune commande du catalogue ne convient à une conception {class}',
  recVoltage: 'À {voltage} V : {density} W/m², {amps} A en tout, circuits : {circuits}, sur des disjoncteurs de {breakers} A',
  recVoltageUnsupported: 'À {voltage} V, aucun tapis ni câble du catalogue ne convient : leurs tensions nominales sont {ratings} V, et un élément chauffant fonctionne à sa tension nominale ou en dessous (jusqu’à 80 % de celle-ci), jamais au-dessus',
  recVoltageRefused: 'À {voltage} V, la conception est refusée : {reason}',
  recClass: 'En conception {class} : {design} W/m² et {price}',
  recClassRefused: 'En conception {class} : refusée, {reason}',
  recStock: "{name} : {quantity} nécessaires, {stock} en stock; commandez à l’avance ou prévoyez un délai",
};

/**
 * The engine's words in French, by param: the engine writes `system`, `class`, `control`, `axis`, `city` and
 * `surface` as English words, and `controlName` and `depth` out in English from `control` and `surface`.
 */
export const ENGINE_WORDS_FR: Record<EngineWordParam, Record<string, string>> = {
  system: { mat: 'tapis', cable: 'câble', 'mat or cable': 'tapis ou câble' },
  class: { residential: 'résidentielle', commercial: 'commerciale', critical: 'critique' },
  control: { manual: 'minuterie manuelle', ambient: 'thermostat ambiant', aerial: 'détecteur de neige aérien', pavement: 'détecteur de neige encastré' },
  axis: { width: 'de la largeur', length: 'de la longueur' },
  city: { 'this site': 'ce site' },
  surface: { concrete: 'béton', asphalt: 'asphalte', pavers: 'pavé' },
  controlName: { manual: 'minuterie manuelle', ambient: 'thermostat ambiant', aerial: 'détecteur de neige aérien', pavement: 'détecteur de neige encastré' },
  depth: {
    concrete: '38 à 50 mm (1,5 à 2 po) sous la surface',
    asphalt: '38 à 50 mm (1,5 à 2 po) sous la surface',
    pavers: 'dans le lit de sable, à au plus 100 mm (4 po) sous la surface',
  },
};
