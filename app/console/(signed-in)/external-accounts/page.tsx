import { ExternalAccounts } from "../_sections/external-accounts";
import { sectionPage } from "../_sections/status";

export default sectionPage(ExternalAccounts);
