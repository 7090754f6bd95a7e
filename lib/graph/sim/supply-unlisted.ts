import type { UnlistedCompany } from "../ports";

/**
 * The simulated world's unlisted companies: suppliers and customers of the universe's companies
 * that have no listing here (foundries, contract manufacturers, ingredient and packaging
 * suppliers, drug wholesalers, foreign airlines...). All of them are FICTIONAL: invented names
 * that are no real company (test/graph/supply-chain-sim.test.ts checks them against a list of
 * well-known real ones). Their industries are GICS industries, spelled as the universe's.
 *
 * `role` groups them for the supply rules (lib/graph/sim/supply-rules.ts); it is not part of
 * the company as the API shows it.
 */

export type UnlistedRole =
  | "foundry"
  | "memory-maker"
  | "chip-packager"
  | "silicon-wafer-maker"
  | "photoresist-maker"
  | "contract-manufacturer"
  | "server-odm"
  | "display-maker"
  | "passive-component-maker"
  | "camera-module-maker"
  | "telecom-equipment-maker"
  | "handset-maker"
  | "console-maker"
  | "game-publisher"
  | "battery-maker"
  | "auto-parts-maker"
  | "tyre-maker"
  | "steelmaker"
  | "aluminium-smelter"
  | "titanium-alloy-maker"
  | "rare-earth-refiner"
  | "wire-maker"
  | "gold-refiner"
  | "explosives-maker"
  | "pigment-maker"
  | "surfactant-maker"
  | "lipid-maker"
  | "can-maker"
  | "bottle-maker"
  | "carton-maker"
  | "film-maker"
  | "pulp-mill"
  | "cocoa-processor"
  | "coffee-trader"
  | "sweetener-maker"
  | "flour-miller"
  | "potato-grower"
  | "flavour-house"
  | "dairy"
  | "beef-packer"
  | "produce-grower"
  | "food-distributor"
  | "leaf-merchant"
  | "footwear-maker"
  | "garment-maker"
  | "fashion-house"
  | "home-goods-maker"
  | "tool-maker"
  | "lumber-mill"
  | "convenience-chain"
  | "grocer"
  | "sporting-goods-retailer"
  | "drug-wholesaler"
  | "hospital-network"
  | "drug-cdmo"
  | "api-maker"
  | "medical-component-maker"
  | "refiner"
  | "airline"
  | "car-rental"
  | "auto-auction"
  | "community-bank"
  | "equipment-dealer"
  | "studio"
  | "sports-data"
  | "flight-caterer"
  | "freight-forwarder"
  | "trucking"
  | "turbine-maker"
  | "solar-module-maker"
  | "transformer-maker";

export interface UnlistedSupplyCompany extends UnlistedCompany {
  role: UnlistedRole;
}

/** GICS sector of each industry an unlisted company is in. */
const SECTOR_OF: Readonly<Record<string, string>> = {
  "Semiconductors & Semiconductor Equipment": "Information Technology",
  "Electronic Equipment, Instruments & Components": "Information Technology",
  "Technology Hardware, Storage & Peripherals": "Information Technology",
  "Communications Equipment": "Information Technology",
  Entertainment: "Communication Services",
  "Automobile Components": "Consumer Discretionary",
  "Textiles, Apparel & Luxury Goods": "Consumer Discretionary",
  "Household Durables": "Consumer Discretionary",
  "Specialty Retail": "Consumer Discretionary",
  "Hotels, Restaurants & Leisure": "Consumer Discretionary",
  "Food Products": "Consumer Staples",
  Tobacco: "Consumer Staples",
  "Consumer Staples Distribution & Retail": "Consumer Staples",
  "Oil, Gas & Consumable Fuels": "Energy",
  Banks: "Financials",
  "Health Care Providers & Services": "Health Care",
  "Health Care Equipment & Supplies": "Health Care",
  "Life Sciences Tools & Services": "Health Care",
  Pharmaceuticals: "Health Care",
  "Electrical Equipment": "Industrials",
  Machinery: "Industrials",
  "Passenger Airlines": "Industrials",
  "Ground Transportation": "Industrials",
  "Marine Transportation": "Industrials",
  "Commercial Services & Supplies": "Industrials",
  "Trading Companies & Distributors": "Industrials",
  "Professional Services": "Industrials",
  Chemicals: "Materials",
  "Metals & Mining": "Materials",
  "Containers & Packaging": "Materials",
  "Paper & Forest Products": "Materials",
};

/** [name, ISO country, GICS industry, role]; the id is the name's slug. */
type Entry = readonly [name: string, country: string, industry: string, role: UnlistedRole];

const SEMIS = "Semiconductors & Semiconductor Equipment";
const ELECTRONICS = "Electronic Equipment, Instruments & Components";
const HARDWARE = "Technology Hardware, Storage & Peripherals";
const APPAREL = "Textiles, Apparel & Luxury Goods";
const STAPLES_RETAIL = "Consumer Staples Distribution & Retail";
const PROVIDERS = "Health Care Providers & Services";
const PACKAGING = "Containers & Packaging";

const ENTRIES: readonly Entry[] = [
  // Chips and electronics
  ["Jadepeak Semiconductor Manufacturing", "TW", SEMIS, "foundry"],
  ["Hanbit Silicon Foundry", "KR", SEMIS, "foundry"],
  ["Straitsgate Wafer Foundry", "SG", SEMIS, "foundry"],
  ["Gwacheon Memory Devices", "KR", SEMIS, "memory-maker"],
  ["Lotusbridge Advanced Packaging", "TW", SEMIS, "chip-packager"],
  ["Kinabalu Test & Assembly", "MY", SEMIS, "chip-packager"],
  ["Yukimura Silicon Wafers", "JP", SEMIS, "silicon-wafer-maker"],
  ["Rheinhalde Wafer Materials", "DE", SEMIS, "silicon-wafer-maker"],
  ["Tsukiyama Photoresist Chemicals", "JP", "Chemicals", "photoresist-maker"],
  ["Lingding Precision Assembly", "CN", ELECTRONICS, "contract-manufacturer"],
  ["Songlam Electronics Assembly", "VN", ELECTRONICS, "contract-manufacturer"],
  ["Sierra Madre Manufacturing Services", "MX", ELECTRONICS, "contract-manufacturer"],
  ["Deccan Circuit Assembly", "IN", ELECTRONICS, "contract-manufacturer"],
  ["Tamsui Server Systems", "TW", HARDWARE, "server-odm"],
  ["Hanul Display Technologies", "KR", ELECTRONICS, "display-maker"],
  ["Jinling Optoelectronics", "CN", ELECTRONICS, "display-maker"],
  ["Kestrel Precision Components", "JP", ELECTRONICS, "passive-component-maker"],
  ["Taoyuan Passive Devices", "TW", ELECTRONICS, "passive-component-maker"],
  ["Penghu Lens Optics", "TW", ELECTRONICS, "camera-module-maker"],
  ["Nordvik Radio Networks", "FI", "Communications Equipment", "telecom-equipment-maker"],
  ["Lingnan Mobile Devices", "CN", HARDWARE, "handset-maker"],
  ["Saffronline Mobile", "IN", HARDWARE, "handset-maker"],
  ["Kurogane Entertainment Systems", "JP", "Entertainment", "console-maker"],
  ["Lumiwood Games", "FI", "Entertainment", "game-publisher"],
  // Vehicles, metals and materials
  ["Hanseong Battery Cells", "KR", "Electrical Equipment", "battery-maker"],
  ["Mizunami Energy Devices", "JP", "Electrical Equipment", "battery-maker"],
  ["Qiantang Power Cells", "CN", "Electrical Equipment", "battery-maker"],
  ["Schwarzach Drivetrain", "DE", "Automobile Components", "auto-parts-maker"],
  ["Bajio Auto Components", "MX", "Automobile Components", "auto-parts-maker"],
  ["Kiso Valley Auto Systems", "JP", "Automobile Components", "auto-parts-maker"],
  ["Ridgeback Tire & Rubber", "US", "Automobile Components", "tyre-maker"],
  ["Monongahela Valley Steel", "US", "Metals & Mining", "steelmaker"],
  ["Geumgang Steel Works", "KR", "Metals & Mining", "steelmaker"],
  ["Lac Brochet Aluminium", "CA", "Metals & Mining", "aluminium-smelter"],
  ["Sawtooth Specialty Alloys", "US", "Metals & Mining", "titanium-alloy-maker"],
  ["Nullarbor Rare Earth Refining", "AU", "Metals & Mining", "rare-earth-refiner"],
  ["Selangor Magnet Works", "MY", "Metals & Mining", "rare-earth-refiner"],
  ["Ohio Valley Wire & Cable", "US", "Electrical Equipment", "wire-maker"],
  ["Ticino Precious Metals Refinery", "CH", "Metals & Mining", "gold-refiner"],
  ["Karratha Blasting Services", "AU", "Chemicals", "explosives-maker"],
  ["Bayou Pigments", "US", "Chemicals", "pigment-maker"],
  ["Neckarau Surfactants", "DE", "Chemicals", "surfactant-maker"],
  ["Jura Lipid Sciences", "CH", "Life Sciences Tools & Services", "lipid-maker"],
  // Packaging, food and farm inputs
  ["Brightwater Can Company", "US", PACKAGING, "can-maker"],
  ["Anahuac PET Packaging", "MX", PACKAGING, "bottle-maker"],
  ["Norrland Board & Carton", "SE", PACKAGING, "carton-maker"],
  ["Lippe Packaging Films", "DE", PACKAGING, "film-maker"],
  ["Araucaria Pulp", "BR", "Paper & Forest Products", "pulp-mill"],
  ["Lagunes Cocoa Processing", "CI", "Food Products", "cocoa-processor"],
  ["Cordillera Coffee Traders", "CO", "Food Products", "coffee-trader"],
  ["Mogiana Sweeteners", "BR", "Food Products", "sweetener-maker"],
  ["Cimarron Flour Mills", "US", "Food Products", "flour-miller"],
  ["Palouse Potato Growers", "US", "Food Products", "potato-grower"],
  ["Grasse Aromatics Atelier", "FR", "Chemicals", "flavour-house"],
  ["Canterbury Plains Dairy Co-operative", "NZ", "Food Products", "dairy"],
  ["High Plains Beef Packers", "US", "Food Products", "beef-packer"],
  ["Pajaro Valley Produce", "US", "Food Products", "produce-grower"],
  ["Redbud Foodservice Distribution", "US", STAPLES_RETAIL, "food-distributor"],
  ["Yadkin Leaf Merchants", "US", "Tobacco", "leaf-merchant"],
  ["Rio Pardo Leaf Tobacco", "BR", "Tobacco", "leaf-merchant"],
  // Apparel and goods for retailers
  ["Bien Hoa Footwear Works", "VN", APPAREL, "footwear-maker"],
  ["Semarang Shoe Manufacturing", "ID", APPAREL, "footwear-maker"],
  ["Karnaphuli Knitwear", "BD", APPAREL, "garment-maker"],
  ["Tonle Garment Industries", "KH", APPAREL, "garment-maker"],
  ["Casa Ventaglio", "IT", APPAREL, "fashion-house"],
  ["Ashgrove Home Goods", "US", "Household Durables", "home-goods-maker"],
  ["Xiangjiang Power Tools", "CN", "Machinery", "tool-maker"],
  ["Laurentian Lumber", "CA", "Paper & Forest Products", "lumber-mill"],
  // Retail and health care customers
  ["Corner Lantern Convenience Stores", "US", STAPLES_RETAIL, "convenience-chain"],
  ["Harrowgate Grocers", "GB", STAPLES_RETAIL, "grocer"],
  ["Trailhead Sporting Goods", "US", "Specialty Retail", "sporting-goods-retailer"],
  ["Bridgeport Pharmaceutical Distributors", "US", PROVIDERS, "drug-wholesaler"],
  ["Great Lakes Drug Wholesale", "US", PROVIDERS, "drug-wholesaler"],
  ["Sycamore Valley Health System", "US", PROVIDERS, "hospital-network"],
  ["Bluestem Hospital Network", "US", PROVIDERS, "hospital-network"],
  ["Carrigaline Biologics", "IE", "Life Sciences Tools & Services", "drug-cdmo"],
  ["Godavari Pharma Manufacturing", "IN", "Life Sciences Tools & Services", "drug-cdmo"],
  ["Krishna Valley APIs", "IN", "Pharmaceuticals", "api-maker"],
  [
    "Alajuela Medical Components",
    "CR",
    "Health Care Equipment & Supplies",
    "medical-component-maker",
  ],
  [
    "Donautal Surgical Instruments",
    "DE",
    "Health Care Equipment & Supplies",
    "medical-component-maker",
  ],
  // Energy, transport and services
  ["Brazos Bend Refining", "US", "Oil, Gas & Consumable Fuels", "refiner"],
  ["Kutch Coast Refinery", "IN", "Oil, Gas & Consumable Fuels", "refiner"],
  ["Liffey Air", "IE", "Passenger Airlines", "airline"],
  ["Liwa Airways", "AE", "Passenger Airlines", "airline"],
  ["Straits Orchid Airlines", "SG", "Passenger Airlines", "airline"],
  ["Milepost Car Rental", "US", "Ground Transportation", "car-rental"],
  ["Lakeshore Auto Auction", "US", "Commercial Services & Supplies", "auto-auction"],
  ["Prairie Ridge Bank", "US", "Banks", "community-bank"],
  ["Saltmarsh Federal Credit Union", "US", "Banks", "community-bank"],
  ["Cedar Plains Equipment Dealers", "US", "Trading Companies & Distributors", "equipment-dealer"],
  ["Thameside Pictures", "GB", "Entertainment", "studio"],
  ["Hallyu Bridge Studios", "KR", "Entertainment", "studio"],
  ["Scoreline Data", "GB", "Professional Services", "sports-data"],
  ["Contrail Flight Catering", "US", "Hotels, Restaurants & Leisure", "flight-caterer"],
  ["Bluefin Ocean Freight", "SG", "Marine Transportation", "freight-forwarder"],
  ["Cottonwood Freight Lines", "US", "Ground Transportation", "trucking"],
  ["Wesermarsch Turbine Works", "DE", "Electrical Equipment", "turbine-maker"],
  ["Qinling Solar Modules", "CN", "Electrical Equipment", "solar-module-maker"],
  ["Appalachian Transformer Works", "US", "Electrical Equipment", "transformer-maker"],
];

/** "Kinabalu Test & Assembly" → "kinabalu-test-assembly". */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const UNLISTED_COMPANIES: readonly UnlistedSupplyCompany[] = ENTRIES.map(
  ([name, country, industry, role]) => {
    const sector = SECTOR_OF[industry];
    if (!sector) throw new Error(`supply-unlisted: no sector for industry ${industry}`);
    return Object.freeze({ companyId: slugOf(name), name, country, industry, sector, role });
  },
);

/** The ids of the unlisted companies of a role, in table order. */
export function unlistedOfRole(role: UnlistedRole): string[] {
  return UNLISTED_COMPANIES.filter((company) => company.role === role).map((c) => c.companyId);
}
