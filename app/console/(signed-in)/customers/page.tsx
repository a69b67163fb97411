import { Customers } from "../_sections/customers";
import { sectionPage } from "../_sections/status";

export default sectionPage(Customers);
