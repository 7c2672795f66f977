package dev.singletable.processor.it;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.Naming;

import java.math.BigDecimal;
import java.util.Set;

/** A class built by a constructor whose parameters come in another order than its fields, with Pascal-case names. */
@Entity(pk = "ARTICLE#{articleId}", sk = "ARTICLE", naming = Naming.PASCAL_CASE)
@Index(name = "GSI1", pk = "TITLE#{title}", sk = "ARTICLE#{articleId}")
public final class Article {
    private final String articleId;
    private final String title;
    private final BigDecimal price;
    private final int stock;
    private final Set<String> tags;

    public Article(int stock, Set<String> tags, String title, BigDecimal price, String articleId) {
        this.articleId = articleId;
        this.title = title;
        this.price = price;
        this.stock = stock;
        this.tags = tags;
    }

    public String getArticleId() {
        return articleId;
    }

    public String title() {
        return title;
    }

    public BigDecimal getPrice() {
        return price;
    }

    public int getStock() {
        return stock;
    }

    public Set<String> tags() {
        return tags;
    }
}
