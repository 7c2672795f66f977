package dev.singletable.cli.design;

import dev.singletable.design.internal.tables.DesignView;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.design.internal.lint.LintFindings;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The HTML view in a real browser: headless Chromium driven by Selenium with Debian's chromedriver.
 * Selecting an access pattern or an index tab must show exactly the right items. Skipped, with the
 * reason, where Chromium or its driver is not installed ({@code .ci/run} installs them).
 */
class DesignViewBrowserTest {
    private static final Path CHROMIUM = Path.of(System.getProperty("singletable.chromium", "/usr/bin/chromium"));
    private static final Path CHROMEDRIVER = Path.of(System.getProperty("singletable.chromedriver", "/usr/bin/chromedriver"));
    private static final Path TARGET = Path.of("target/design-view");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/view");

    private static ChromeDriver browser;

    private static final boolean BROWSER_INSTALLED = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);

    @BeforeAll
    static void startBrowser() throws IOException {
        if (!BROWSER_INSTALLED) {
            return; // each test is skipped, with the reason, by requireBrowser
        }
        Files.createDirectories(TARGET);
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
                        "--user-data-dir=" + Files.createTempDirectory("singletable-chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
        browser = new ChromeDriver(service, options);
        write("blog.singletable.yaml");
        write("ecommerce.singletable.yaml");
        write("shapes.singletable.yaml");
        SchemaFile blog = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));
        Files.writeString(TARGET.resolve("hostile.html"), DesignView.page(DesignRuns.onLocalEngine(blog,
                SampleItems.fromFile(blog, GOLDEN.resolve("hostile.jsonl"))), LintFindings.of(blog)), StandardCharsets.UTF_8);
    }

    private static void write(String design) throws IOException {
        SchemaFile schemaFile = SchemaFile.load(Path.of("../designs/" + design));
        Files.writeString(page(design), DesignView.page(DesignRuns.onLocalEngine(schemaFile, SampleItems.examplesOf(schemaFile)),
                LintFindings.of(schemaFile)), StandardCharsets.UTF_8);
    }

    private static Path page(String design) {
        return TARGET.resolve(design.replace(".singletable.yaml", ".html"));
    }

    @BeforeEach
    void requireBrowser() {
        assumeTrue(BROWSER_INSTALLED, "Chromium or chromedriver is not installed (" + CHROMIUM + ", " + CHROMEDRIVER
                + "): apt-get install chromium chromium-driver (.ci/run does, as root)");
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    private static void open(String design) {
        browser.get(page(design).toAbsolutePath().toUri().toString());
    }

    /** The golden file's text; with -Dsingletable.golden.update=true, writes {@code actual} there first. */
    static String golden(Path file, String actual) throws IOException {
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private static List<String> visibleItems() {
        return browser.findElements(By.cssSelector(".view:not([hidden]) tr.item")).stream().map(row -> row.getAttribute("data-key")).toList();
    }

    private static List<String> highlightedItems() {
        return browser.findElements(By.cssSelector(".view:not([hidden]) tr.item.hit")).stream().map(row -> row.getAttribute("data-key")).toList();
    }

    private static String selectedTab() {
        return browser.findElement(By.cssSelector(".tab.selected")).getText();
    }

    private static void screenshot(String name) throws IOException {
        Files.write(TARGET.resolve(name), browser.getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void view_whenOpened_showsTheTableItemsGroupedByPartitionAndSortedBySortKey() {
        open("blog.singletable.yaml");

        assertThat(selectedTab()).isEqualTo("Table BlogTable");
        assertThat(visibleItems()).containsExactly(
                "POST#01HMQ0000000000000000000P1 / COMMENT#01HMR0000000000000000000C1 (Comment)",
                "POST#01HMQ0000000000000000000P1 / COMMENT#01HMR0000000000000000000C2 (Comment)",
                "POST#01HMQ0000000000000000000P1 / TAG#design (PostTag)",
                "POST#01HMQ0000000000000000000P1 / TAG#dynamodb (PostTag)",
                "POST#01HMQ0000000000000000000P3 / COMMENT#01HMR0000000000000000000C3 (Comment)",
                "POST#01HMQ0000000000000000000P3 / TAG#dynamodb (PostTag)",
                "USER#alice / POST#01HMQ0000000000000000000P1 (Post)",
                "USER#alice / POST#01HMQ0000000000000000000P2 (Post)",
                "USER#alice / USER#alice (User)",
                "USER#bob / POST#01HMQ0000000000000000000P3 (Post)",
                "USER#bob / USER#bob (User)");
        assertThat(highlightedItems()).isEmpty();
    }

    @Test
    void selectingAPattern_whenItReadsAGsi_showsThatIndexWithExactlyItsItemsHighlighted() throws IOException {
        open("blog.singletable.yaml");

        browser.findElement(By.cssSelector("tr.pattern[data-pattern='comments-by-user']")).click();

        assertThat(selectedTab()).isEqualTo("gsi1 (GSI)");
        assertThat(highlightedItems()).containsExactly(
                "POST#01HMQ0000000000000000000P1 / COMMENT#01HMR0000000000000000000C1 (Comment)",
                "POST#01HMQ0000000000000000000P3 / COMMENT#01HMR0000000000000000000C3 (Comment)");
        screenshot("blog-comments-by-user.png");
    }

    @Test
    void selectingAnIndexTab_whenTheIndexIsSparse_showsOnlyTheItemsInIt() {
        open("ecommerce.singletable.yaml");

        clickTab("GSI3 (GSI)");

        assertThat(visibleItems()).containsExactly(
                "CUSTOMER#C1 / ORDER#O1001 (Order)",
                "CUSTOMER#C2 / ORDER#O1004 (Order)",
                "CUSTOMER#C1 / ORDER#O1002 (Order)",
                "CUSTOMER#C4 / ORDER#O1010 (Order)",
                "CUSTOMER#C3 / ORDER#O1008 (Order)");
        assertThat(highlightedItems()).isEmpty();
    }

    @Test
    void selectingAnIndexTab_whenItsSortKeyIsANumber_sortsByValueAndShowsOnlyWhatTheIndexProjects() {
        open("shapes.singletable.yaml");

        clickTab("Leaderboard (GSI)");

        assertThat(visibleItems()).containsExactly("GAME#chess / PLAYER#ann (Score)", "GAME#chess / PLAYER#cid (Score)",
                "GAME#chess / PLAYER#ben (Score)");
        assertThat(browser.findElements(By.cssSelector(".view:not([hidden]) thead th")).stream().map(WebElement::getText).toList())
                .containsExactly("GSI1PK", "points", "PK", "SK", "attributes");
        assertThat(browser.findElements(By.cssSelector(".view:not([hidden]) tr.item")).get(0)
                .findElements(By.cssSelector("td.attribute .name")).stream().map(WebElement::getText).toList())
                .containsExactly("entityType", "game", "player", "nickname");
    }

    @Test
    void selectingAnIndexTab_whenTheIndexKeysOnOwnAttributes_leavesOutItemsWithoutThem() {
        open("shapes.singletable.yaml");

        clickTab("ByRoom (GSI)");

        assertThat(visibleItems()).containsExactly("USER#u1 / COMMENT#c3 (Comment)", "USER#u2 / COMMENT#c2 (Comment)",
                "USER#u1 / COMMENT#c1 (Comment)");
    }

    private static void clickTab(String label) {
        browser.findElements(By.cssSelector(".tab")).stream().filter(tab -> tab.getText().equals(label)).findFirst().orElseThrow().click();
    }

    @Test
    void selectingAPattern_whenItIsACollectionQuery_highlightsEveryMemberAndSelectingItAgainClearsIt() throws IOException {
        open("ecommerce.singletable.yaml");
        WebElement pattern = browser.findElement(By.cssSelector("tr.pattern[data-pattern='customer-with-orders']"));

        pattern.click();
        List<String> highlighted = highlightedItems();
        screenshot("ecommerce-customer-with-orders.png");
        pattern.click();

        assertThat(selectedTab()).isEqualTo("Table ShopTable");
        assertThat(highlighted).containsExactly(
                "CUSTOMER#C1 / ORDER#O1001 (Order)",
                "CUSTOMER#C1 / ORDER#O1002 (Order)",
                "CUSTOMER#C1 / ORDER#O1003 (Order)",
                "CUSTOMER#C1 / PROFILE (Customer)");
        assertThat(highlightedItems()).isEmpty();
    }

    @Test
    void view_whenAPatternIsSelected_hasTheGoldenDom() throws IOException {
        open("blog.singletable.yaml");

        browser.findElement(By.cssSelector("tr.pattern[data-pattern='published-posts']")).click();
        String dom = (String) browser.executeScript("return document.documentElement.outerHTML;") + "\n";

        assertThat(dom).isEqualTo(golden(GOLDEN.resolve("blog-published-posts.dom.html"), dom));
        screenshot("blog-published-posts.png");
    }

    @Test
    void view_whenValuesHoldMarkup_showsThemAsTextAndRunsNoScriptOfTheirs() {
        browser.get(TARGET.resolve("hostile.html").toAbsolutePath().toUri().toString());

        List<String> cells = browser.findElements(By.cssSelector(".view:not([hidden]) td.attribute .value")).stream()
                .map(WebElement::getText).filter(text -> text.contains("<") || text.contains("&")).toList();

        assertThat(cells).containsExactly(
                "<b>bold</b> & 'quoted' \"text\"",
                "<script>window.pwned = true</script>",
                "\"><img src=x onerror=\"window.pwned = true\">");
        assertThat(browser.executeScript("return [typeof window.pwned, document.scripts.length, document.images.length];"))
                .isEqualTo(List.of("undefined", 1L, 0L));
    }

    @Test
    void view_whenTheDesignHasLintFindings_listsEachWithSeverityRuleAndSubject() {
        open("ecommerce.singletable.yaml");

        List<String> findings = browser.findElements(By.cssSelector("#lint tr.finding")).stream()
                .map(row -> row.findElements(By.tagName("td")).stream().limit(3).map(WebElement::getText).toList().toString()).toList();

        assertThat(findings).containsExactly(
                "[warning, ST003, entity Order]",
                "[warning, ST003, entity Order]",
                "[warning, ST003, entity Category]",
                "[error, ST001, access pattern out-of-stock-locations]");
    }
}
