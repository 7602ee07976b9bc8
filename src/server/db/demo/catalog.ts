/**
 * The demo catalogue: categories, listings and blog Q&As. Plain data, so that a reader can
 * review it like a fixture; seed.ts turns it into rows. Prices are whole US dollars here and
 * become cents when inserted. Seller and buyer references are demo `uid`s (accounts.ts).
 */
import type { Condition, FuelType, Transmission } from '#contract/limits.js';
import type { ArtKind } from './art/vehicles.js';
import { comparableDemoListings } from './comparables.js';

/** Category names (≤ 50 characters, trimmed, first letter capital: docs/product.md §5 New category). */
export const demoCategories = [
  'Sedan',
  'Suv',
  'Pickup truck',
  'Motorcycle',
  'Electric car',
  'Van & minibus',
  'Parts & accessories',
] as const;

export type DemoCategory = (typeof demoCategories)[number];

/** Categories whose listings are not vehicles (no vehicle details asked). */
export const demoNonVehicleCategories: readonly DemoCategory[] = ['Parts & accessories'];

/**
 * Vehicle details of a demo listing; the make is the listing's `make`. Mileage is in km, as
 * stored, and a description that states the mileage states this same figure in km (seed.test.ts
 * checks it); VINs are made up but well formed (a real maker prefix, the model-year letter and a
 * valid check digit).
 */
export interface DemoVehicle {
  model: string;
  modelYear: number;
  mileageKm: number;
  fuel: FuelType;
  transmission: Transmission;
  body: string;
  color: string;
  vin: string;
}

export interface DemoListing {
  category: DemoCategory;
  /** Seller's uid. */
  seller: string;
  /** Brand shown large on the picture; `name` starts with it. */
  make: string;
  /** Product name: make, model, year and trim, e.g. "Toyota Corolla 2016 1.8 LE". */
  name: string;
  /** Vehicle details: every listing of a vehicle category has them. */
  vehicle?: DemoVehicle;
  art: ArtKind;
  /** Paint colour of the picture, `#rrggbb` (the colour the description names). */
  paint: string;
  electric?: boolean;
  /** Asking price, whole US dollars. */
  resell: number;
  /** Price when new, whole US dollars (always above `resell`). */
  original: number;
  /** Whole years of use (docs/product.md §3 year_of_used). */
  yearsUsed: number;
  condition: Condition;
  /** Where the item is, when not the seller's home city. */
  location?: string;
  description: string;
  promote?: boolean;
  /** Sold: the buyer's paid order and payment are created with it. */
  soldTo?: { buyer: string; meetingLocation: string };
  /** Booked but not paid yet: an open order of this buyer. */
  bookedBy?: { buyer: string; meetingLocation: string };
  /**
   * Marked sold elsewhere by its seller (decision 0027) for this many whole dollars: the sale
   * price guidance and time to sell count. Never together with `soldTo`.
   */
  soldElsewhereFor?: number;
  /** Earlier asking prices, oldest first, whole dollars: its price history before `resell`. */
  askedBefore?: number[];
  /** A state its seller (`reserved`) or the expiry job (`expired`) gave it (decision 0027). */
  state?: 'reserved' | 'expired';
  /** Buyers (uids) who reported the listing. */
  reportedBy?: string[];
}

const SAM = 'demo-seller';
const MAYA = 'demo-seller-maya';
const DANIEL = 'demo-seller-daniel';
const LUCIA = 'demo-seller-lucia';
const TOM = 'demo-seller-tom';
const PRIYA = 'demo-seller-priya';
const RILEY = 'demo-buyer';
const JAMIE = 'demo-buyer-jamie';
const NOAH = 'demo-buyer-noah';

/** The listings, roughly grouped by category. */
const catalogListings: readonly DemoListing[] = [
  // Sedan
  {
    category: 'Sedan',
    seller: SAM,
    make: 'Toyota',
    name: 'Toyota Corolla 2016 1.8 LE',
    vehicle: {
      model: 'Corolla',
      modelYear: 2016,
      mileageKm: 155100,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Sedan',
      color: 'Classic Silver Metallic',
      vin: '2T1C8TN72GD453768',
    },
    art: 'sedan',
    paint: '#b8bec6',
    resell: 11_900,
    original: 18_600,
    yearsUsed: 9,
    condition: 'Good',
    description:
      'Classic Silver Metallic, 155,100 km, two owners and a clean title. Timing chain engine, new front brake pads and rotors last spring. There is a shallow dent on the rear bumper and the infotainment screen has a small scratch. Service records available on request.',
  },
  {
    category: 'Sedan',
    seller: MAYA,
    make: 'Honda',
    name: 'Honda Civic 2018 EX',
    vehicle: {
      model: 'Civic',
      modelYear: 2018,
      mileageKm: 93300,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Sedan',
      color: 'Rallye Red',
      vin: '2HGLSXHF9JD232434',
    },
    art: 'sedan',
    paint: '#9e1b24',
    resell: 16_400,
    original: 22_500,
    yearsUsed: 7,
    condition: 'Excellent',
    promote: true,
    description:
      'Rallye Red, 93,300 km, one owner, always garaged. Apple CarPlay, sunroof, Honda Sensing driver aids and a fresh oil change. Tires have about 70% tread left. No accidents on the history report.',
  },
  {
    category: 'Sedan',
    seller: DANIEL,
    make: 'Hyundai',
    name: 'Hyundai Elantra 2017 SE',
    vehicle: {
      model: 'Elantra',
      modelYear: 2017,
      mileageKm: 180200,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Sedan',
      color: 'Electric Blue',
      vin: '5NP7WYK81HW154371',
    },
    art: 'sedan',
    paint: '#1f4e8c',
    resell: 9_800,
    original: 17_900,
    yearsUsed: 8,
    condition: 'Fair',
    description:
      'Electric Blue, 180,200 km, mostly highway. Runs and drives well but the A/C needs a recharge and the driver seat bolster is worn. Priced below book value for a quick sale.',
  },
  {
    category: 'Sedan',
    seller: SAM,
    make: 'Nissan',
    name: 'Nissan Altima 2019 2.5 SV',
    vehicle: {
      model: 'Altima',
      modelYear: 2019,
      mileageKm: 104300,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Sedan',
      color: 'Super Black',
      vin: '1N4CHDYU9KN863878',
    },
    art: 'sedan',
    paint: '#2b2f36',
    resell: 15_200,
    original: 26_000,
    yearsUsed: 6,
    condition: 'Good',
    description:
      'Super Black, 104,300 km. CVT fluid changed at 97,000 km with receipt, adaptive cruise and remote start. Light swirl marks in the paint and a chip in the windshield outside the driver view.',
  },
  {
    category: 'Sedan',
    seller: LUCIA,
    make: 'Mazda',
    name: 'Mazda 3 2020 2.5 Select sedan',
    vehicle: {
      model: '3',
      modelYear: 2020,
      mileageKm: 50200,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Sedan',
      color: 'Soul Red Crystal',
      vin: '3MZGHL849LX995875',
    },
    art: 'sedan',
    paint: '#a3111c',
    resell: 18_900,
    original: 23_600,
    yearsUsed: 5,
    condition: 'Excellent',
    location: 'Scottsdale, AZ',
    promote: true,
    description:
      'Soul Red Crystal, 50,200 km, non-smoker, ceramic coating applied last year. Still under the original powertrain warranty until 97,000 km. Comes with both keys, floor mats and the owner manual.',
  },
  {
    category: 'Sedan',
    seller: DANIEL,
    make: 'Volkswagen',
    name: 'Volkswagen Jetta 2015 1.8T SE',
    vehicle: {
      model: 'Jetta',
      modelYear: 2015,
      mileageKm: 206800,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Sedan',
      color: 'Pure White',
      vin: '3VWTZTN54FK666706',
    },
    art: 'sedan',
    paint: '#e9ecef',
    resell: 7_400,
    original: 21_000,
    yearsUsed: 10,
    condition: 'Fair',
    reportedBy: [JAMIE, NOAH],
    description:
      'Pure White, 206,800 km. Turbo pulls strong but there is a check-engine light for an EVAP leak that I have not fixed. Rear tires are new, the fronts will need replacing soon.',
  },
  {
    category: 'Sedan',
    seller: SAM,
    make: 'BMW',
    name: 'BMW 330i 2017 xDrive',
    vehicle: {
      model: '330i',
      modelYear: 2017,
      mileageKm: 115900,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Sedan',
      color: 'Mediterranean Blue',
      vin: 'WBAC2M2N0HK831986',
    },
    art: 'sedan',
    paint: '#2d4a7a',
    resell: 19_800,
    original: 44_000,
    yearsUsed: 8,
    condition: 'Good',
    soldTo: {
      buyer: RILEY,
      meetingLocation: 'Austin Police Department North substation, Austin, TX',
    },
    description:
      'Mediterranean Blue, 115,900 km, all-wheel drive. Oil filter housing gasket and valve cover replaced at 109,000 km at an independent BMW shop. Heated seats, navigation and a parking camera; one curb-rashed wheel.',
  },
  {
    category: 'Sedan',
    seller: TOM,
    make: 'Honda',
    name: 'Honda Accord 2014 LX',
    vehicle: {
      model: 'Accord',
      modelYear: 2014,
      mileageKm: 194700,
      fuel: 'Petrol',
      transmission: 'Manual',
      body: 'Sedan',
      color: 'Modern Steel',
      vin: '2HGTZ3KE1EH965175',
    },
    art: 'sedan',
    paint: '#6b7078',
    resell: 9_200,
    original: 22_300,
    yearsUsed: 11,
    condition: 'Good',
    description:
      'Modern Steel, 194,700 km, manual transmission. Reliable commuter with a new battery and water pump. The clear coat on the roof is starting to fade.',
  },
  {
    category: 'Sedan',
    seller: LUCIA,
    make: 'Kia',
    name: 'Kia Optima 2018 LX',
    vehicle: {
      model: 'Optima',
      modelYear: 2018,
      mileageKm: 111000,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Sedan',
      color: 'Snow White Pearl',
      vin: '5XX1NTV2XJP971282',
    },
    art: 'sedan',
    paint: '#d8dadd',
    resell: 12_600,
    original: 22_600,
    yearsUsed: 7,
    condition: 'Good',
    description:
      'Snow White Pearl, 111,000 km. The engine was replaced under the Kia recall campaign in 2022, paperwork included. Cloth seats are clean and there are no warning lights.',
  },
  // Suv
  {
    category: 'Suv',
    seller: SAM,
    make: 'Toyota',
    name: 'Toyota RAV4 2019 XLE AWD',
    vehicle: {
      model: 'RAV4',
      modelYear: 2019,
      mileageKm: 76100,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'SUV',
      color: 'Lunar Rock',
      vin: '2T1E81020KL319753',
    },
    art: 'suv',
    paint: '#8a8f7a',
    resell: 23_500,
    original: 29_500,
    yearsUsed: 6,
    condition: 'Excellent',
    promote: true,
    description:
      'Lunar Rock, 76,100 km, one owner with dealer service every 8,000 km. All-weather mats and a roof cross-bar set included. No accidents, no smoking, no pets.',
  },
  {
    category: 'Suv',
    seller: PRIYA,
    make: 'Honda',
    name: 'Honda CR-V 2017 EX-L',
    vehicle: {
      model: 'CR-V',
      modelYear: 2017,
      mileageKm: 133600,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'SUV',
      color: 'Basque Red Pearl',
      vin: '2HGT7EMC3HJ141947',
    },
    art: 'suv',
    paint: '#7c1d22',
    resell: 18_700,
    original: 29_000,
    yearsUsed: 8,
    condition: 'Good',
    location: 'Durham, NC',
    bookedBy: { buyer: RILEY, meetingLocation: 'Southpoint mall parking lot, Durham, NC' },
    description:
      'Basque Red Pearl, 133,600 km, leather and power tailgate. The 1.5 turbo has had its oil-dilution software update. Small tear in the rear cargo cover.',
  },
  {
    category: 'Suv',
    seller: DANIEL,
    make: 'Ford',
    name: 'Ford Escape 2016 SE',
    vehicle: {
      model: 'Escape',
      modelYear: 2016,
      mileageKm: 189900,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'SUV',
      color: 'Blue Jeans Metallic',
      vin: '1FMVFCES4GZ807717',
    },
    art: 'suv',
    paint: '#1c3f6e',
    resell: 9_900,
    original: 25_000,
    yearsUsed: 9,
    condition: 'Fair',
    description:
      'Blue Jeans Metallic, 189,900 km. Drives fine but the transmission shifts a little hard from first to second when cold. Priced accordingly; a pre-purchase inspection is welcome.',
  },
  {
    category: 'Suv',
    seller: SAM,
    make: 'Jeep',
    name: 'Jeep Wrangler Unlimited 2015 Sahara',
    vehicle: {
      model: 'Wrangler Unlimited',
      modelYear: 2015,
      mileageKm: 141600,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'SUV',
      color: 'Mango Tango',
      vin: '1C4609125FZ367916',
    },
    art: 'suv',
    paint: '#c2581d',
    resell: 22_900,
    original: 33_000,
    yearsUsed: 10,
    condition: 'Good',
    location: 'Round Rock, TX',
    promote: true,
    soldTo: {
      buyer: RILEY,
      meetingLocation: 'Round Rock Premium Outlets parking lot, Round Rock, TX',
    },
    description:
      'Mango Tango, 141,600 km, hard top and soft top both included. Two-inch lift with matching shocks, stock parts available. Some paint wear where the doors were removed.',
  },
  {
    category: 'Suv',
    seller: MAYA,
    make: 'Subaru',
    name: 'Subaru Forester 2018 2.5i Premium',
    vehicle: {
      model: 'Forester',
      modelYear: 2018,
      mileageKm: 122300,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'SUV',
      color: 'Jasmine Green',
      vin: 'JF2BPWVR8JP572717',
    },
    art: 'suv',
    paint: '#2e5e4e',
    resell: 17_400,
    original: 26_000,
    yearsUsed: 7,
    condition: 'Good',
    location: 'Boulder, CO',
    description:
      'Jasmine Green, 122,300 km, symmetrical all-wheel drive and EyeSight. Winter tires on separate wheels included. Rear wiper arm is bent and a new one is in the trunk.',
  },
  {
    category: 'Suv',
    seller: LUCIA,
    make: 'Mazda',
    name: 'Mazda CX-5 2020 Touring',
    vehicle: {
      model: 'CX-5',
      modelYear: 2020,
      mileageKm: 61200,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'SUV',
      color: 'Machine Gray',
      vin: '3MZ5Z3GV5LC624783',
    },
    art: 'suv',
    paint: '#5a6068',
    resell: 21_300,
    original: 28_000,
    yearsUsed: 5,
    condition: 'Excellent',
    promote: true,
    description:
      'Machine Gray, 61,200 km. Blind-spot monitoring, heated seats and a power liftgate. Full Mazda dealer service history and two keys.',
  },
  {
    category: 'Suv',
    seller: DANIEL,
    make: 'Chevrolet',
    name: 'Chevrolet Equinox 2017 LT',
    vehicle: {
      model: 'Equinox',
      modelYear: 2017,
      mileageKm: 167400,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'SUV',
      color: 'Silver Ice',
      vin: '2GNLNMMZ4HL389655',
    },
    art: 'suv',
    paint: '#c7c9cc',
    resell: 11_800,
    original: 27_000,
    yearsUsed: 8,
    condition: 'Fair',
    description:
      'Silver Ice, 167,400 km. Uses about a litre of oil every 3,000 km, which is common for this engine. Interior is tidy and the tires are less than a year old.',
  },
  {
    category: 'Suv',
    seller: MAYA,
    make: 'Toyota',
    name: 'Toyota Land Cruiser 2012 V8',
    vehicle: {
      model: 'Land Cruiser',
      modelYear: 2012,
      mileageKm: 270400,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'SUV',
      color: 'Blizzard Pearl',
      vin: '2T15HY7N8CB617662',
    },
    art: 'suv',
    paint: '#e7e3da',
    resell: 29_500,
    original: 78_000,
    yearsUsed: 13,
    condition: 'Good',
    description:
      'Blizzard Pearl, 270,400 km, third row seats, never used off-road beyond forest roads. Timing belt and water pump done at 241,000 km. Leather shows wear on the driver bolster.',
  },
  // Pickup truck
  {
    category: 'Pickup truck',
    seller: SAM,
    make: 'Ford',
    name: 'Ford F-150 2017 XLT 3.5 EcoBoost',
    vehicle: {
      model: 'F-150',
      modelYear: 2017,
      mileageKm: 146500,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Pickup',
      color: 'Blue Jeans',
      vin: '1FMZD9BT6HZ828819',
    },
    art: 'pickup',
    paint: '#1d3557',
    resell: 26_900,
    original: 44_000,
    yearsUsed: 8,
    condition: 'Good',
    description:
      'Blue Jeans, 146,500 km, SuperCrew 4x4 with the max trailer tow package. Spray-in bedliner and a brake controller. Cam phasers rattle for a second on cold starts; a shop quoted $2,100 to fix it.',
  },
  {
    category: 'Pickup truck',
    seller: MAYA,
    make: 'Toyota',
    name: 'Toyota Tacoma 2016 TRD Off-Road',
    vehicle: {
      model: 'Tacoma',
      modelYear: 2016,
      mileageKm: 159300,
      fuel: 'Petrol',
      transmission: 'Manual',
      body: 'Pickup',
      color: 'Quicksand',
      vin: '2T1XDT5R1GZ405910',
    },
    art: 'pickup',
    paint: '#4b5320',
    resell: 25_400,
    original: 34_000,
    yearsUsed: 9,
    condition: 'Good',
    soldTo: { buyer: JAMIE, meetingLocation: 'Denver Police District 6 station lot, Denver, CO' },
    description:
      'Quicksand, 159,300 km, double cab with the six-speed manual. Frame inspected and rust-proofed last fall. Bilstein shocks and all-terrain tires at 60% tread.',
  },
  {
    category: 'Pickup truck',
    seller: DANIEL,
    make: 'Chevrolet',
    name: 'Chevrolet Silverado 1500 2015 LT',
    vehicle: {
      model: 'Silverado 1500',
      modelYear: 2015,
      mileageKm: 228500,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Pickup',
      color: 'Deep Ruby',
      vin: '2GNJ8D617FC333289',
    },
    art: 'pickup',
    paint: '#8b1a1a',
    resell: 19_800,
    original: 38_000,
    yearsUsed: 10,
    condition: 'Fair',
    reportedBy: [RILEY],
    description:
      'Deep Ruby, 228,500 km, 5.3 V8 and 4x4. Bed has scratches from work use and the tailgate latch sticks. Engine and transmission are healthy and it tows a small camper easily.',
  },
  {
    category: 'Pickup truck',
    seller: LUCIA,
    make: 'Ram',
    name: 'Ram 1500 2018 Big Horn',
    vehicle: {
      model: '1500',
      modelYear: 2018,
      mileageKm: 86900,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Pickup',
      color: 'Granite Crystal',
      vin: '1C6BMXME7JK447515',
    },
    art: 'pickup',
    paint: '#2f2f33',
    resell: 27_500,
    original: 42_000,
    yearsUsed: 7,
    condition: 'Excellent',
    location: 'Tempe, AZ',
    promote: true,
    description:
      'Granite Crystal, 86,900 km, crew cab with the Hemi and air suspension. Tonneau cover and running boards included. No accidents, garage kept out of the Arizona sun.',
  },
  {
    category: 'Pickup truck',
    seller: TOM,
    make: 'Nissan',
    name: 'Nissan Frontier 2019 SV',
    vehicle: {
      model: 'Frontier',
      modelYear: 2019,
      mileageKm: 98200,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Pickup',
      color: 'Brilliant Silver',
      vin: '1N435A1K9KU561576',
    },
    art: 'pickup',
    paint: '#9aa0a6',
    resell: 21_200,
    original: 29_000,
    yearsUsed: 6,
    condition: 'Good',
    description:
      'Brilliant Silver, 98,200 km, king cab 4x2. Simple, tough and cheap to run; recent brakes and fluids. Small dent in the bed side behind the rear wheel.',
  },
  {
    category: 'Pickup truck',
    seller: DANIEL,
    make: 'GMC',
    name: 'GMC Sierra 1500 2013 SLE',
    vehicle: {
      model: 'Sierra 1500',
      modelYear: 2013,
      mileageKm: 283200,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Pickup',
      color: 'Summit White',
      vin: '1GTWXV183DB541805',
    },
    art: 'pickup',
    paint: '#f0f0ee',
    resell: 14_500,
    original: 37_000,
    yearsUsed: 12,
    condition: 'Fair',
    description:
      'Summit White, 283,200 km. Starts every morning but has surface rust on the rocker panels and the cab corners. Sold as-is with a new battery and a fresh inspection sticker.',
  },
  // Motorcycle
  {
    category: 'Motorcycle',
    seller: SAM,
    make: 'Honda',
    name: 'Honda CB500F 2019',
    vehicle: {
      model: 'CB500F',
      modelYear: 2019,
      mileageKm: 13500,
      fuel: 'Petrol',
      transmission: 'Manual',
      body: 'Naked',
      color: 'Grand Prix Red',
      vin: '2HGGJS5L8KG296952',
    },
    art: 'motorcycle',
    paint: '#c1121f',
    resell: 4_900,
    original: 6_300,
    yearsUsed: 6,
    condition: 'Excellent',
    description:
      'Grand Prix Red, 13,500 km, ABS. Great first bike; never dropped, chain and sprockets replaced at 12,900 km. Comes with a tank bag and a frame slider set.',
  },
  {
    category: 'Motorcycle',
    seller: MAYA,
    make: 'Yamaha',
    name: 'Yamaha MT-07 2018',
    vehicle: {
      model: 'MT-07',
      modelYear: 2018,
      mileageKm: 22900,
      fuel: 'Petrol',
      transmission: 'Manual',
      body: 'Naked',
      color: 'Night Fluo',
      vin: 'JYA2MM16XJP222752',
    },
    art: 'motorcycle',
    paint: '#1f2a44',
    resell: 5_600,
    original: 7_500,
    yearsUsed: 7,
    condition: 'Good',
    description:
      'Night Fluo, 22,900 km, Akrapovic slip-on with the stock muffler included. New rear tire. One small scratch on the left bar end from a parking-lot tip-over.',
  },
  {
    category: 'Motorcycle',
    seller: PRIYA,
    make: 'Kawasaki',
    name: 'Kawasaki Ninja 400 2020 ABS',
    vehicle: {
      model: 'Ninja 400',
      modelYear: 2020,
      mileageKm: 6300,
      fuel: 'Petrol',
      transmission: 'Manual',
      body: 'Sport',
      color: 'Lime Green',
      vin: 'JKAZDEMMXLN460189',
    },
    art: 'motorcycle',
    paint: '#2f9e44',
    resell: 4_700,
    original: 5_300,
    yearsUsed: 5,
    condition: 'Excellent',
    promote: true,
    description:
      'Lime Green, 6,300 km, garage kept and serviced at the dealer. Fender eliminator and tank pads fitted. Clean title in hand.',
  },
  {
    category: 'Motorcycle',
    seller: TOM,
    make: 'Harley-Davidson',
    name: 'Harley-Davidson Sportster Iron 883 2016',
    vehicle: {
      model: 'Sportster Iron 883',
      modelYear: 2016,
      mileageKm: 17700,
      fuel: 'Petrol',
      transmission: 'Manual',
      body: 'Cruiser',
      color: 'Vivid Black',
      vin: '1HDLJ4B8XGC692358',
    },
    art: 'motorcycle',
    paint: '#26262b',
    resell: 6_900,
    original: 8_900,
    yearsUsed: 9,
    condition: 'Good',
    description:
      'Vivid Black, 17,700 km, Vance & Hines exhaust and a solo seat. Battery replaced this year. The chrome on the exhaust heat shield has some bluing.',
  },
  {
    category: 'Motorcycle',
    seller: TOM,
    make: 'Royal Enfield',
    name: 'Royal Enfield Classic 350 2021',
    vehicle: {
      model: 'Classic 350',
      modelYear: 2021,
      mileageKm: 8200,
      fuel: 'Petrol',
      transmission: 'Manual',
      body: 'Classic',
      color: 'Chestnut Red',
      vin: 'ME33Y9P31ML839579',
    },
    art: 'motorcycle',
    paint: '#6b4226',
    resell: 3_400,
    original: 4_600,
    yearsUsed: 4,
    condition: 'Good',
    soldTo: { buyer: RILEY, meetingLocation: 'Portland Police Central Precinct lot, Portland, OR' },
    description:
      'Chestnut Red, 8,200 km. Relaxed retro cruiser with saddle bags and a luggage rack. Minor fork seal seep that I have disclosed to my mechanic; otherwise faultless.',
  },
  {
    category: 'Motorcycle',
    seller: MAYA,
    make: 'Suzuki',
    name: 'Suzuki V-Strom 650 2014',
    vehicle: {
      model: 'V-Strom 650',
      modelYear: 2014,
      mileageKm: 66000,
      fuel: 'Petrol',
      transmission: 'Manual',
      body: 'Adventure',
      color: 'Pearl White',
      vin: 'JS103ZYH5EX461645',
    },
    art: 'motorcycle',
    paint: '#e8e8e8',
    resell: 4_200,
    original: 8_500,
    yearsUsed: 11,
    condition: 'Fair',
    description:
      'Pearl White, 66,000 km, adventure-equipped with panniers, crash bars and heated grips. Valve clearances checked at 64,000 km. Plastics are scuffed from touring.',
  },
  // Electric car
  {
    category: 'Electric car',
    seller: SAM,
    make: 'Tesla',
    name: 'Tesla Model 3 2019 Standard Range Plus',
    vehicle: {
      model: 'Model 3',
      modelYear: 2019,
      mileageKm: 99800,
      fuel: 'Electric',
      transmission: 'Automatic',
      body: 'Sedan',
      color: 'Pearl White',
      vin: '5YJ0KYR7XKF354895',
    },
    art: 'sedan',
    paint: '#eef0f2',
    electric: true,
    resell: 22_900,
    original: 39_000,
    yearsUsed: 6,
    condition: 'Good',
    promote: true,
    description:
      'Pearl White, 99,800 km, battery health at 91% per the service menu. Autopilot, premium interior and a mobile connector. The rear camera housing has a hairline crack.',
  },
  {
    category: 'Electric car',
    seller: TOM,
    make: 'Nissan',
    name: 'Nissan Leaf 2018 SV 40 kWh',
    vehicle: {
      model: 'Leaf',
      modelYear: 2018,
      mileageKm: 70800,
      fuel: 'Electric',
      transmission: 'Automatic',
      body: 'Hatchback',
      color: 'Deep Blue Pearl',
      vin: '1N4AMP3E1JH341764',
    },
    art: 'hatchback',
    paint: '#3b6ea5',
    electric: true,
    resell: 9_400,
    original: 34_000,
    yearsUsed: 7,
    condition: 'Good',
    description:
      'Deep Blue Pearl, 70,800 km, 11 of 12 battery bars, around 190 km of range in summer. ProPilot assist and a CHAdeMO fast-charge port. Ideal city car; not for long road trips.',
  },
  {
    category: 'Electric car',
    seller: PRIYA,
    make: 'Chevrolet',
    name: 'Chevrolet Bolt EV 2020 LT',
    vehicle: {
      model: 'Bolt EV',
      modelYear: 2020,
      mileageKm: 46700,
      fuel: 'Electric',
      transmission: 'Automatic',
      body: 'Hatchback',
      color: 'Orange Burst',
      vin: '2GNVC9MK9LV386133',
    },
    art: 'hatchback',
    paint: '#f28c28',
    electric: true,
    resell: 15_900,
    original: 37_000,
    yearsUsed: 5,
    condition: 'Excellent',
    location: 'Cary, NC',
    description:
      'Orange Burst, 46,700 km. The battery pack was replaced under the GM recall in 2023, so it carries a new-pack warranty. DC fast charging and heated seats.',
  },
  {
    category: 'Electric car',
    seller: LUCIA,
    make: 'Hyundai',
    name: 'Hyundai Kona Electric 2021 SEL',
    vehicle: {
      model: 'Kona Electric',
      modelYear: 2021,
      mileageKm: 35400,
      fuel: 'Electric',
      transmission: 'Automatic',
      body: 'Hatchback',
      color: 'Surf Blue',
      vin: '5NPAESYJ1MB973818',
    },
    art: 'hatchback',
    paint: '#1aa1a1',
    electric: true,
    resell: 21_500,
    original: 38_000,
    yearsUsed: 4,
    condition: 'Excellent',
    promote: true,
    soldTo: {
      buyer: NOAH,
      meetingLocation: 'Phoenix Police Cactus Park Precinct lot, Phoenix, AZ',
    },
    description:
      'Surf Blue, 35,400 km, about 400 km of range. Battery recall software and inspection completed. Level 2 home charger included.',
  },
  {
    category: 'Electric car',
    seller: TOM,
    make: 'BMW',
    name: 'BMW i3 2017 94 Ah REx',
    vehicle: {
      model: 'i3',
      modelYear: 2017,
      mileageKm: 91700,
      fuel: 'Electric',
      transmission: 'Automatic',
      body: 'Hatchback',
      color: 'Mineral Grey',
      vin: 'WBADPCUT7HN115211',
    },
    art: 'hatchback',
    paint: '#5b6770',
    electric: true,
    resell: 13_200,
    original: 47_000,
    yearsUsed: 8,
    condition: 'Fair',
    description:
      'Mineral Grey, 91,700 km, range extender engine for longer trips. Battery is healthy but the rear tires are narrow and due. Some scuffs on the carbon-fibre door sills.',
  },
  // Van & minibus
  {
    category: 'Van & minibus',
    seller: SAM,
    make: 'Honda',
    name: 'Honda Odyssey 2017 EX-L',
    vehicle: {
      model: 'Odyssey',
      modelYear: 2017,
      mileageKm: 151300,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Minivan',
      color: 'Modern Steel',
      vin: '2HGZARU37HC312058',
    },
    art: 'van',
    paint: '#4a4e57',
    resell: 17_900,
    original: 37_000,
    yearsUsed: 8,
    condition: 'Good',
    description:
      'Modern Steel, 151,300 km, eight seats, rear entertainment screen. Timing belt done at 145,000 km. Sliding door motor on the passenger side is slow but works.',
  },
  {
    category: 'Van & minibus',
    seller: PRIYA,
    make: 'Ford',
    name: 'Ford Transit 350 2016 XLT 15-passenger',
    vehicle: {
      model: 'Transit 350',
      modelYear: 2016,
      mileageKm: 180200,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Van',
      color: 'Oxford White',
      vin: '1FM245FE0GH865147',
    },
    art: 'van',
    paint: '#f4f4f2',
    resell: 21_500,
    original: 38_000,
    yearsUsed: 9,
    condition: 'Good',
    soldTo: {
      buyer: RILEY,
      meetingLocation: 'Raleigh Police North District station lot, Raleigh, NC',
    },
    description:
      'Oxford White, 180,200 km, medium roof, former church shuttle with records. Rear A/C works well. Some seat fabric is stained.',
  },
  {
    category: 'Van & minibus',
    seller: LUCIA,
    make: 'Mercedes-Benz',
    name: 'Mercedes-Benz Sprinter 2500 2018 High Roof',
    vehicle: {
      model: 'Sprinter 2500',
      modelYear: 2018,
      mileageKm: 157700,
      fuel: 'Diesel',
      transmission: 'Automatic',
      body: 'Van',
      color: 'Brilliant Silver',
      vin: 'WD3K745W8JU161645',
    },
    art: 'van',
    paint: '#d8d8d8',
    resell: 32_000,
    original: 46_000,
    yearsUsed: 7,
    condition: 'Good',
    promote: true,
    description:
      'Brilliant Silver, 157,700 km, 170-inch wheelbase cargo van, empty and ready for a camper build. Diesel with DEF system serviced. Shelving and partition removed.',
  },
  {
    category: 'Van & minibus',
    seller: LUCIA,
    make: 'Toyota',
    name: 'Toyota Sienna 2019 LE 8-passenger',
    vehicle: {
      model: 'Sienna',
      modelYear: 2019,
      mileageKm: 83700,
      fuel: 'Petrol',
      transmission: 'Automatic',
      body: 'Minivan',
      color: 'Salsa Red Pearl',
      vin: '2T1N0BMD5KT933738',
    },
    art: 'van',
    paint: '#6a1b2a',
    resell: 24_800,
    original: 33_000,
    yearsUsed: 6,
    condition: 'Excellent',
    description:
      'Salsa Red Pearl, 83,700 km, one owner, family car with all records. Power sliding doors, backup camera, new tires. A few kid-sized scratches on the second-row seatbacks.',
  },
  // Parts & accessories
  {
    category: 'Parts & accessories',
    seller: SAM,
    make: 'BBS',
    name: 'BBS SR 18-inch alloy wheels, set of 4',
    art: 'wheels',
    paint: '#c0c4c8',
    resell: 650,
    original: 1_800,
    yearsUsed: 2,
    condition: 'Good',
    description:
      '18x8 with 5x112 bolt pattern, fits most VW, Audi and Mercedes models. No bends or cracks; one wheel has light curb rash. Tires not included.',
  },
  {
    category: 'Parts & accessories',
    seller: DANIEL,
    make: 'Michelin',
    name: 'Michelin X-Ice Snow 205/55 R16 winter tires, set of 4',
    art: 'wheels',
    paint: '#3a3d42',
    resell: 320,
    original: 720,
    yearsUsed: 1,
    condition: 'Good',
    description:
      'One winter of use, about 8/32 inch tread left. Mounted on black steel wheels with a 5x114.3 bolt pattern. Stored indoors in tire bags.',
  },
  {
    category: 'Parts & accessories',
    seller: MAYA,
    make: 'Thule',
    name: 'Thule Motion XT L roof box',
    art: 'roofbox',
    paint: '#1c1c1f',
    resell: 480,
    original: 900,
    yearsUsed: 3,
    condition: 'Excellent',
    description:
      'Black glossy, 16 cubic feet, opens from both sides. Both keys and the quick-mount hardware included. Fits most factory cross bars.',
  },
  {
    category: 'Parts & accessories',
    seller: PRIYA,
    make: 'Bosch',
    name: 'Bosch S5 AGM car battery 70 Ah',
    art: 'battery',
    paint: '#1e5aa8',
    resell: 110,
    original: 230,
    yearsUsed: 1,
    condition: 'Excellent',
    description:
      'Group 48 (H6), 760 CCA, bought in March for a car I have since sold. Tests at 12.8 V and full cold-cranking amps. Receipt included for the warranty.',
  },
  {
    category: 'Parts & accessories',
    seller: TOM,
    make: 'Enkei',
    name: 'Enkei RPF1 17x8 wheels, set of 4',
    art: 'wheels',
    paint: '#2b2b2f',
    resell: 540,
    original: 1_250,
    yearsUsed: 3,
    condition: 'Fair',
    description:
      'Matte black, 5x100 +45 offset, popular on Subaru and Toyota 86. Straight and true, but the finish is chipped on two lips. Lug nuts and hub rings included.',
  },
];

/**
 * Every demo listing: the catalogue above, then the comparable cars of comparables.ts, which
 * give several listings price guidance and each price badge.
 */
export const demoListings: readonly DemoListing[] = [...catalogListings, ...comparableDemoListings];

export interface DemoBlog {
  question: string;
  answer: string;
}

/** Blog Q&As (docs/product.md §2 Blogs) about buying and selling used vehicles. */
export const demoBlogs: readonly DemoBlog[] = [
  {
    question: 'How do I check a used car’s history before I buy it?',
    answer:
      'Ask the seller for the 17-character VIN and run it through a history report such as Carfax or AutoCheck, and through the free NMVTIS and NICB VINCheck look-ups. Look for salvage or flood titles, odometer rollbacks, open liens and the number of owners. Compare the VIN on the dashboard, the driver door jamb and the title: they must match. Finally, check the manufacturer’s recall site for open recalls, which a dealer will fix for free.',
  },
  {
    question: 'What should I look for on a test drive?',
    answer:
      'Start the car from cold if you can, because some problems only show before the engine warms up. Drive at city and highway speeds, brake firmly in a straight line, and listen for knocks, whines or clunks over bumps. The steering should be centred and the car should not pull to one side. Check that every warning light comes on at start-up and then goes out, and try the A/C, heater, windows and lights.',
  },
  {
    question: 'Is a pre-purchase inspection worth the money?',
    answer:
      'Usually yes: an independent mechanic charges roughly $100 to $250 and can find problems that would cost thousands. Choose a shop you pick, not one the seller suggests, and ask for a written report with photos. A seller who refuses any inspection is a warning sign. Use the findings to negotiate or to walk away.',
  },
  {
    question: 'How do I set a fair asking price for my car?',
    answer:
      'Look up the private-party value on Kelley Blue Book or Edmunds with your exact trim, mileage and options, then compare with similar listings within about 100 miles. Price a little above the number you want, so there is room to negotiate, but not so high that nobody calls. Be honest about condition: a Fair car priced as Excellent sits unsold. Recent maintenance receipts justify a higher price, so keep them ready.',
  },
  {
    question: 'Where should I meet a buyer or a seller?',
    answer:
      'Meet in daylight in a public place; many police stations have a marked safe exchange zone with cameras. Bring a friend, and tell someone where you are going. Do not hand over keys or a title before the payment has cleared. For a test drive, check the other person’s driving licence and ride along.',
  },
  {
    question: 'What paperwork do I need to sell a car privately?',
    answer:
      'You need the title signed over to the buyer, with the odometer reading filled in, and a bill of sale listing the VIN, price, date and both names. Some states also require an emissions or safety certificate and a release-of-liability form sent to the DMV. Keep a copy of everything and remove your licence plates if your state requires it. If there is still a loan on the car, pay it off first so the lender releases the title.',
  },
  {
    question: 'What do Excellent, Good and Fair condition mean on Second Gear?',
    answer:
      'Excellent means no mechanical problems and only minor cosmetic wear, with service records. Good means it runs well but has normal wear, small dents or items that will need attention soon, such as tires or brakes. Fair means it works but has known faults that the listing describes, and it is priced for that. When in doubt, choose the lower grade: honest listings sell faster and get fewer reports.',
  },
  {
    question: 'What should I check when buying a used electric car?',
    answer:
      'The battery matters most: ask for a battery health report or a screenshot of the state-of-health reading, and compare the real range with the original rating. Check whether the battery warranty (often 8 years or 100,000 miles) is still running and transfers to you. Confirm which fast-charging plug it uses and whether any battery recalls have been completed. Tires wear faster on heavy EVs, so look at the tread too.',
  },
];
