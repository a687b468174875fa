import java.io.File;
import java.io.FileOutputStream;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IBundleCoverage;
import org.jacoco.core.tools.ExecFileLoader;
import org.jacoco.report.DirectorySourceFileLocator;
import org.jacoco.report.IReportVisitor;
import org.jacoco.report.xml.XMLFormatter;

// Writes JaCoCo's XML report of jacoco.exec for the classes in classes/, as `jacococli report --xml` does.
public final class Report {
    public static void main(String[] arguments) throws Exception {
        ExecFileLoader loader = new ExecFileLoader();
        loader.load(new File("jacoco.exec"));
        CoverageBuilder builder = new CoverageBuilder();
        new Analyzer(loader.getExecutionDataStore(), builder).analyzeAll(new File("classes"));
        IBundleCoverage bundle = builder.getBundle("tally");
        IReportVisitor visitor = new XMLFormatter().createVisitor(new FileOutputStream("jacoco.xml"));
        visitor.visitInfo(loader.getSessionInfoStore().getInfos(), loader.getExecutionDataStore().getContents());
        visitor.visitBundle(bundle, new DirectorySourceFileLocator(new File("src"), "utf-8", 4));
        visitor.visitEnd();
        System.out.printf("lines %d of %d, methods %d of %d, branches %d of %d%n",
            bundle.getLineCounter().getCoveredCount(), bundle.getLineCounter().getTotalCount(),
            bundle.getMethodCounter().getCoveredCount(), bundle.getMethodCounter().getTotalCount(),
            bundle.getBranchCounter().getCoveredCount(), bundle.getBranchCounter().getTotalCount());
    }
}
