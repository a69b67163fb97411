import { Approvals } from "../_sections/approvals";
import { sectionPage } from "../_sections/status";

export default sectionPage(Approvals);
